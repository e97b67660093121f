// Keyboard focus after a screen changes under it: a closed dialog, a step replaced, a button gone. Without this the
// focus falls to <body> and a keyboard user starts again from the top of the page.

const TABBABLE = 'input:not([type=hidden]), textarea, select, button, a[href], [tabindex]:not([tabindex="-1"])';

/** Whether an element is shown and can take the focus (not disabled, not inside a hidden step or a closed part). */
export function focusable(element: Element | null | undefined): element is HTMLElement {
  return element instanceof HTMLElement && element.isConnected && !element.closest('[hidden], [inert]') && !(element as HTMLButtonElement).disabled
    && element.getClientRects().length > 0;
}

/** The first field or button inside a container that can take the focus. */
export function firstFocusable(container: Element | null | undefined): HTMLElement | null {
  if (!container) return null;
  return [...container.querySelectorAll(TABBABLE)].find(focusable) ?? null;
}

const lost = () => !document.activeElement || document.activeElement === document.body;

/**
 * Puts the focus on what `find` answers once the current change has rendered, and again for `ms` whenever it falls
 * back to <body> (the page redrawing the element, e.g. a calendar reloaded after a save); `fallback` when `find`
 * answers nothing that can take the focus. With `onlyWhenLost`, it never moves a focus that is somewhere. A pointer
 * press stops it: the user has chosen where to be.
 */
export function refocus(
  find: () => Element | null | undefined,
  fallback?: () => Element | null | undefined,
  { ms = 2500, onlyWhenLost = false }: { ms?: number; onlyWhenLost?: boolean } = {},
): void {
  const until = performance.now() + ms;
  let stopped = false;
  const stop = () => {
    stopped = true;
    document.removeEventListener('pointerdown', stop, true);
  };
  document.addEventListener('pointerdown', stop, true);
  let first = !onlyWhenLost;
  const tick = () => {
    if (stopped) return;
    if (first || lost()) {
      const target = [find(), fallback?.()].find(focusable);
      if (target && document.activeElement !== target) target.focus({ preventScroll: onlyWhenLost });
      first = !target && first;
    }
    if (performance.now() < until) requestAnimationFrame(tick);
    else stop();
  };
  requestAnimationFrame(tick);
}

// The login form goes once the actor is in: the space's first page then takes the focus (AppLayout), as after any link
// followed from inside a page. A page loaded afresh keeps the browser's start at the top.
let contentNext = false;
export const focusContentNext = (): void => {
  contentNext = true;
};
export function takeFocusContentNext(): boolean {
  const next = contentNext;
  contentNext = false;
  return next;
}
