import type { FormikValues } from 'formik';
import type { ServerFormApi } from '../../../shared/form';
import type { Violation } from '../../../shared/http';

/**
 * Error of a wizard field: the server's (placed by path), else the Yup one once its step was tried.
 * The shared Yup validator keys errors by their full path ('lines[0].rooms'), so they are read flat.
 */
export function wizardError<V extends FormikValues>(form: ServerFormApi<V>, path: string, tried: boolean): string | undefined {
  const server = form.fieldError(path);
  if (server) return server;
  const flat = (form.formik.errors as Record<string, unknown>)[path];
  return tried && typeof flat === 'string' ? flat : undefined;
}

/** Validates the whole form and answers the errors of one step (empty: the step may be left). */
export async function stepErrors<V extends FormikValues>(form: ServerFormApi<V>, inStep: (path: string) => boolean): Promise<string[]> {
  const errors = (await form.formik.validateForm()) as Record<string, unknown>;
  return Object.keys(errors).filter((path) => typeof errors[path] === 'string' && inStep(path));
}

/** The first step named by server violations (form-level ones name none). */
export function firstStepOf(violations: Violation[], stepOfPath: (path: string) => number): number | null {
  const steps = violations.filter((v) => v.path).map((v) => stepOfPath(v.path));
  return steps.length ? Math.min(...steps) : null;
}

/** Enter in a field of a wizard step must not submit the whole wizard (the buttons move between steps). */
export function noEnterSubmit(event: { key: string; target: EventTarget; preventDefault: () => void }): void {
  if (event.key === 'Enter' && event.target instanceof HTMLInputElement) event.preventDefault();
}
