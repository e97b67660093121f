import type { Translate } from '@alterna/core';

/**
 * The planning catalogue wraps each area's file in `planning`, and the core files a module's catalogue
 * under the module's name: today a key written `planning.groups.x` lives at `planning.planning.groups.x`.
 * Asking both spellings keeps the groups' messages right however the shared catalogue is settled.
 */
export function groupsTranslate(t: Translate): Translate {
  const both = (key: unknown, ...rest: unknown[]) => {
    const keys = Array.isArray(key) ? key : [key];
    const spellings = keys.flatMap((k) => (typeof k === 'string' && k.startsWith('planning.') ? [k, `planning.${k}`] : [k]));
    return (t as unknown as (keys: unknown, ...more: unknown[]) => unknown)(spellings, ...rest);
  };
  return both as unknown as Translate;
}
