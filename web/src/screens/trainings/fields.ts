import type { FormikValues } from 'formik';
import { getIn } from 'formik';
import type { ServerFormApi } from '../../shared/form';

/** value / onChange / error / name for a Mantine Select, MultiSelect, Switch… wired to a server form. */
export function fieldProps<V extends FormikValues, T>(form: ServerFormApi<V>, name: string) {
  return {
    name,
    value: getIn(form.formik.values, name) as T,
    onChange: (value: T) => {
      void form.formik.setFieldValue(name, value);
      form.clearFieldError(name);
    },
    error: form.fieldError(name),
  };
}

/** The permissions the server says the actor holds somewhere (core/API.md Me.permissions). */
export const can = (permissions: string[] | undefined, id: string): boolean => !!permissions?.includes(id);

/**
 * Error of a nested field (e.g. blocks[0].subjects[1].hours): the server's, else Yup's once touched.
 * The shared Yup validator keys errors by their full path, so a nested one is looked up by that key too.
 */
export function errorOf<V extends FormikValues>(form: ServerFormApi<V>, path: string): string | undefined {
  const shown = form.fieldError(path);
  if (shown) return shown;
  const flat = (form.formik.errors as Record<string, unknown>)[path];
  return getIn(form.formik.touched, path) && typeof flat === 'string' ? flat : undefined;
}

/** Sets a nested value and clears the server's error on it. */
export function setField<V extends FormikValues>(form: ServerFormApi<V>, path: string, value: unknown): void {
  void form.formik.setFieldValue(path, value);
  form.clearFieldError(path);
}
