/** A person option (SPEC §3): shown as 'lastName firstName'. */
export interface PersonOption {
  id?: string;
  uuid?: string;
  firstName: string;
  lastName: string;
}

/** An organisation option (SPEC §3): shortName preferred over name. */
export interface CompanyOption {
  id?: string;
  uuid?: string;
  name: string;
  shortName?: string | null;
  siret?: string | null;
}

/** 'lastName firstName'. */
export function formatPersonOption(person: PersonOption): string {
  return `${person.lastName ?? ''} ${person.firstName ?? ''}`.trim();
}

/** SPEC '[name] - [siret]': 'name - siret', the short name preferred over the name (no siret → name). */
export function formatCompanyOption(company: CompanyOption): string {
  const name = company.shortName?.trim() || company.name;
  return company.siret ? `${name} - ${company.siret}` : name;
}

/** uuid, else id. */
export function optionId(item: { id?: string; uuid?: string }): string {
  return item.uuid ?? item.id ?? '';
}
