import type { Knex } from '@alterna/core';
import type { ActivityDeclarationType, LegalForm } from '../rules/references.js';
import type { CompanyAddress } from '../types.js';
import type { TeacherCompaniesRow } from '../models/rows.js';
export type { CompanyAddress };

/** SPEC §3 TeacherCompany; `teacherIds` are the teachers it is associated with. */
export interface TeacherCompany {
  id: string;
  siret: string;
  name: string;
  legalForm: LegalForm;
  activityDeclarationNumberType: ActivityDeclarationType;
  activityDeclarationNumber: string | null;
  comment: string | null;
  address: CompanyAddress;
  invalidatedAt: string | null;
  teacherIds: string[];
}


export const companyColumns = [
  'id', 'siret', 'name', 'legal_form', 'activity_declaration_number_type', 'activity_declaration_number', 'comment',
  'street_address', 'address_supplement', 'postal_code', 'address_locality', 'address_country', 'invalidated_at',
] as const;

type CompanyRow = Pick<TeacherCompaniesRow, (typeof companyColumns)[number]>;

/** Companies of the rows with their teachers: one more set query whatever the number of companies. */
export async function toCompanies(knex: Knex, rows: CompanyRow[]): Promise<TeacherCompany[]> {
  if (!rows.length) return [];
  const links: { teacher_company_id: string; teacher_id: string }[] = await knex('teacher_company_teachers')
    .select('teacher_company_id', 'teacher_id')
    .whereIn('teacher_company_id', rows.map((r) => r.id));
  const teachers = new Map<string, string[]>();
  for (const link of links) teachers.set(link.teacher_company_id, [...(teachers.get(link.teacher_company_id) ?? []), link.teacher_id]);
  return rows.map((row) => ({
    id: row.id,
    siret: row.siret,
    name: row.name,
    legalForm: row.legal_form,
    activityDeclarationNumberType: row.activity_declaration_number_type,
    activityDeclarationNumber: row.activity_declaration_number,
    comment: row.comment,
    address: {
      streetAddress: row.street_address,
      addressSupplement: row.address_supplement,
      postalCode: row.postal_code,
      addressLocality: row.address_locality,
      addressCountry: row.address_country,
    },
    invalidatedAt: row.invalidated_at ? new Date(row.invalidated_at).toISOString() : null,
    teacherIds: teachers.get(row.id) ?? [],
  }));
}

export async function companiesByIds(knex: Knex, ids: readonly string[]): Promise<TeacherCompany[]> {
  if (!ids.length) return [];
  return toCompanies(knex, await knex('teacher_companies').select(...companyColumns).whereIn('id', [...new Set(ids)]));
}

/** SPEC §9 "Company select option text: [name] - [siret]". */
export function companyOptionText(company: { name: string; siret: string }): string {
  return `${company.name} - ${company.siret}`;
}

/** The address on one line, null when nothing is filled in (the dialog then says so). */
export function addressLine(address: CompanyAddress): string | null {
  const city = [address.postalCode, address.addressLocality].filter(Boolean).join(' ');
  const parts = [address.streetAddress, address.addressSupplement, city, address.addressCountry && address.addressCountry !== 'FR' ? address.addressCountry : null]
    .map((part) => part?.trim())
    .filter(Boolean);
  return parts.length ? parts.join(', ') : null;
}
