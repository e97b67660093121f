import type { Translate } from '@alterna/core';
import { activityDeclarationTypes, addressCountries, legalForms, needsActivityDeclarationNumber } from '../rules/references.js';
import type { TeacherCompany } from './company-store.js';

/** The popup form's fields, as it posts them (flat names, strings). */
export const companyFormFields = [
  'siret', 'name', 'legalForm', 'activityDeclarationNumberType', 'activityDeclarationNumber', 'comment',
  'streetAddress', 'addressSupplement', 'postalCode', 'addressLocality', 'addressCountry',
] as const;
export type CompanyFormField = (typeof companyFormFields)[number];
export type CompanyFormValues = Record<CompanyFormField, string>;

export function emptyCompanyForm(): CompanyFormValues {
  return {
    siret: '', name: '', legalForm: '', activityDeclarationNumberType: 'declared', activityDeclarationNumber: '', comment: '',
    streetAddress: '', addressSupplement: '', postalCode: '', addressLocality: '', addressCountry: 'FR',
  };
}

export function companyFormValues(company: TeacherCompany): CompanyFormValues {
  return {
    siret: company.siret,
    name: company.name,
    legalForm: company.legalForm,
    activityDeclarationNumberType: company.activityDeclarationNumberType,
    activityDeclarationNumber: company.activityDeclarationNumber ?? '',
    comment: company.comment ?? '',
    streetAddress: company.address.streetAddress ?? '',
    addressSupplement: company.address.addressSupplement ?? '',
    postalCode: company.address.postalCode ?? '',
    addressLocality: company.address.addressLocality ?? '',
    addressCountry: company.address.addressCountry ?? '',
  };
}

/** Posted values (form data or JSON) as strings; unknown fields dropped. */
export function postedCompanyForm(body: unknown): CompanyFormValues {
  const source = body && typeof body === 'object' ? (body as Record<string, unknown>) : {};
  const values = emptyCompanyForm();
  for (const field of companyFormFields) {
    const value = source[field];
    values[field] = typeof value === 'string' ? value : typeof value === 'number' ? String(value) : '';
  }
  return values;
}

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' };
/** Everything typed by a user goes through here before it reaches the HTML. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => escapes[c]!);
}

export interface CompanyFormOptions {
  values: CompanyFormValues;
  /** Where the popup posts (step 2) and re-renders (step 3), already in the user's language. */
  action: string;
  rerender: string;
  companyId: string | null;
  t: Translate;
}

/**
 * SPEC §7 step 1 and 3: the company form as an HTML fragment for the popup, in the user's language.
 * The activity declaration number shows only when the declaration is obtained; changing the type
 * re-renders the form (data-rerender). Browser validity attributes mirror the server's rules.
 */
export function renderCompanyForm({ values, action, rerender, companyId, t }: CompanyFormOptions): string {
  const label = (field: CompanyFormField) => escapeHtml(t(`teaching.company.fields.${field}`));
  const id = (field: CompanyFormField) => `teacher_company_${field}`;
  const error = (field: CompanyFormField) => `<div class="tc-error" data-error-for="${field}" hidden></div>`;
  const wrap = (field: CompanyFormField, control: string, required: boolean, help?: string) =>
    `<div class="tc-field" data-field="${field}"><label for="${id(field)}">${label(field)}${required ? ' <span class="tc-required" aria-hidden="true">*</span>' : ''}</label>${control}${
      help ? `<div class="tc-help">${escapeHtml(help)}</div>` : ''
    }${error(field)}</div>`;
  const input = (field: CompanyFormField, attributes: string, required = false, help?: string) =>
    wrap(field, `<input id="${id(field)}" name="${field}" value="${escapeHtml(values[field])}" ${attributes}${required ? ' required' : ''}>`, required, help);
  const select = (field: CompanyFormField, options: readonly string[], labelKey: string, required: boolean, extra = '') =>
    wrap(
      field,
      `<select id="${id(field)}" name="${field}"${required ? ' required' : ''}${extra}>${required ? '' : '<option value=""></option>'}${
        required && !options.includes(values[field]) ? `<option value="">${escapeHtml(t('teaching.company.choose'))}</option>` : ''
      }${options
        .map((option) => `<option value="${escapeHtml(option)}"${option === values[field] ? ' selected' : ''}>${escapeHtml(t(`${labelKey}.${option}`))}</option>`)
        .join('')}</select>`,
      required,
    );
  const declared = needsActivityDeclarationNumber(values.activityDeclarationNumberType);
  return [
    `<form class="teacher-company-form" data-testid="teacher-company-form" method="post" action="${escapeHtml(action)}" data-rerender="${escapeHtml(rerender)}"${
      companyId ? ` data-company-id="${escapeHtml(companyId)}"` : ''
    } novalidate>`,
    '<div class="tc-grid">',
    input('siret', 'type="text" inputmode="numeric" autocomplete="off" maxlength="20" pattern="[0-9 \\-]{14,20}" data-duplicate-check', true, t('teaching.company.siretHelp')),
    input('name', 'type="text" autocomplete="organization" maxlength="200" data-duplicate-check', true),
    select('legalForm', legalForms, 'teaching.legalForm', true),
    select('activityDeclarationNumberType', activityDeclarationTypes, 'teaching.activityDeclarationType', true, ' data-rerender-on-change'),
    declared ? input('activityDeclarationNumber', 'type="text" inputmode="numeric" maxlength="14" pattern="[0-9 ]{11,14}"', true, t('teaching.company.activityDeclarationNumberHelp')) : '',
    '</div>',
    `<fieldset class="tc-address"><legend>${escapeHtml(t('teaching.company.address'))}</legend><div class="tc-grid">`,
    input('streetAddress', 'type="text" autocomplete="address-line1" maxlength="255"'),
    input('addressSupplement', 'type="text" autocomplete="address-line2" maxlength="255"'),
    input('postalCode', 'type="text" autocomplete="postal-code" maxlength="10"'),
    input('addressLocality', 'type="text" autocomplete="address-level2" maxlength="120"'),
    select('addressCountry', addressCountries, 'teaching.country', false),
    '</div></fieldset>',
    wrap('comment', `<textarea id="${id('comment')}" name="comment" rows="3" maxlength="4000">${escapeHtml(values.comment)}</textarea>`, false),
    '<div class="tc-alerts" data-unmatched-errors></div>',
    '</form>',
  ].join('');
}
