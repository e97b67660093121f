import { getIn, type FormikValues } from 'formik';
import type { ServerFormApi } from '../../shared/form';

/** value / onChange / error / name for a Mantine Select wired to a server form. */
export function selectProps<V extends FormikValues>(form: ServerFormApi<V>, name: string) {
  return {
    id: name,
    name,
    value: (getIn(form.formik.values, name) as string | null) ?? null,
    onChange: (value: string | null) => {
      void form.formik.setFieldValue(name, value);
      form.clearFieldError(name);
    },
    error: form.fieldError(name),
  };
}

/** The permissions the server says the actor holds somewhere (core/API.md Me.permissions). */
export const can = (permissions: string[] | undefined, id: string): boolean => !!permissions?.includes(id);

export const permissionIds = {
  actorUpdate: 'people.actor.update',
  corporationUpdate: 'people.corporation.update',
} as const;

/** SIRET shown in groups (362 521 879 00034), as people read it. */
export function formatSiret(siret: string | null | undefined): string {
  if (!siret) return '';
  return /^\d{14}$/.test(siret) ? `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)} ${siret.slice(9)}` : siret;
}
