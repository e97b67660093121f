import type { ReactNode } from 'react';
import { Alert, Badge, Center, Loader, SegmentedControl } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import { getIn, type FormikValues } from 'formik';
import type { ServerFormApi } from '../../shared/form';
import { useLanguage } from '../../language';
import { useMe } from '../../session';
import { usePageData } from '../../shared/queries';
import type { ContractStatus } from './api';

/** The permissions the server says the actor holds somewhere (core/API.md Me.permissions). */
export function useCan(): (permission: string) => boolean {
  const me = useMe();
  return (permission) => !!me?.permissions.includes(permission);
}

/** Numbers in the interface language: "12,5" in French, "12.5" in English. */
export function useNumber(): { number: (value: number) => string; money: (value: number) => string } {
  const lang = useLanguage();
  const locale = lang === 'fr' ? 'fr-FR' : 'en-GB';
  return {
    number: (value) => new Intl.NumberFormat(locale, { maximumFractionDigits: 2 }).format(value),
    money: (value) => new Intl.NumberFormat(locale, { style: 'currency', currency: 'EUR' }).format(value),
  };
}

/** Loads page data once (and again when `reload` is called); shows a loader, then the page or the error. */
/** A page's data for `key` (what it shows and what it depends on), through usePageData: no late answer wins. */
export function useLoaded<T>(key: readonly unknown[], load: () => Promise<T>): { data: T | null; error: string | null; reload: () => Promise<void> } {
  const { data, error, reload } = usePageData(['teaching', ...key], () => load());
  return { data: data ?? null, error, reload };
}

export function Loading({ error, children }: { error: string | null; children?: ReactNode }) {
  if (error) return <Alert color="red" variant="light" data-testid="page-error">{error}</Alert>;
  return children ?? <Center p="xl"><Loader size="sm" /></Center>;
}

const statusColors: Record<ContractStatus, string> = { draft: 'gray', sent: 'blue', signed: 'teal', cancelled: 'red' };

export function ContractStatusBadge({ status }: { status: ContractStatus }) {
  const { t } = useTranslation();
  return (
    <Badge variant="light" color={statusColors[status]} style={{ overflow: 'visible', maxWidth: 'none' }} styles={{ label: { overflow: 'visible' } }} data-testid="contract-status" data-status={status}>
      {t(`teaching.contractStatus.${status}`)}
    </Badge>
  );
}

/** All the actor's campuses, or one of them. */
export function CampusFilter({ value, onChange }: { value: string | null; onChange: (campusId: string | null) => void }) {
  const { t } = useTranslation();
  const me = useMe();
  const campuses = me?.campuses ?? [];
  if (campuses.length < 2) return null;
  return (
    <SegmentedControl
      data={[{ value: '', label: t('teaching.common.allCampuses') }, ...campuses.map((c) => ({ value: c.id, label: c.name }))]}
      value={value ?? ''}
      onChange={(v) => onChange(v || null)}
      aria-label={t('teaching.common.campus')}
      data-testid="campus-filter"
    />
  );
}

export const fullName = personName;

/**
 * Error of a nested field (e.g. schoolSubjectLines[0].hours): the server's, else Yup's once touched (the shared
 * Yup validator keys errors by their full path).
 */
export function errorOf<V extends FormikValues>(form: ServerFormApi<V>, path: string): string | undefined {
  const shown = form.fieldError(path);
  if (shown) return shown;
  const flat = (form.formik.errors as Record<string, unknown>)[path];
  return (getIn(form.formik.touched, path) || form.formik.submitCount > 0) && typeof flat === 'string' ? flat : undefined;
}

/** Sets a (nested) value and clears the server's error on it. */
export function setField<V extends FormikValues>(form: ServerFormApi<V>, path: string, value: unknown): void {
  void form.formik.setFieldValue(path, value);
  form.clearFieldError(path);
}
