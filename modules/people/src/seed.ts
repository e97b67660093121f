import type { CoreDeps, Knex } from '@alterna/core';
import type { CorporationPeopleInsert, CorporationPeopleRow } from './models/rows.js';

/** The demo centre's companies, their contacts and tutors, and a few more staff members (no logins). */
const demoCorporations = [
  { name: 'Boulangerie Dupain', short_name: 'Dupain', siret: '36252187900034', street_address: '12 rue Oberkampf', postal_code: '75011', address_locality: 'Paris', address_country: 'FR' },
  { name: 'Hôtel du Parc Monceau', short_name: 'Hôtel du Parc', siret: '40483304800022', street_address: '5 avenue Hoche', postal_code: '75008', address_locality: 'Paris', address_country: 'FR' },
  { name: 'Garage Central Lyon', short_name: null, siret: '55210055400013', street_address: '8 quai Perrache', postal_code: '69002', address_locality: 'Lyon', address_country: 'FR' },
  { name: 'Cabinet Lefort Expertise Comptable', short_name: 'Cabinet Lefort', siret: '78945612300015', street_address: '40 rue de la République', postal_code: '69002', address_locality: 'Lyon', address_country: 'FR' },
];

type Role = 'tutor' | 'corporation-contact' | 'referent' | 'isd' | 'read-only';

const demoPeople: { firstName: string; lastName: string; typology: Role; campus: string; phone?: string; corporation?: string }[] = [
  { firstName: 'Émilie', lastName: 'Carpentier', typology: 'tutor', campus: 'Paris', phone: '06 11 22 33 44', corporation: 'Hôtel du Parc Monceau' },
  { firstName: 'Bernard', lastName: 'Collin', typology: 'corporation-contact', campus: 'Paris', phone: '01 42 00 11 22', corporation: 'Hôtel du Parc Monceau' },
  { firstName: 'Rachid', lastName: 'Haddad', typology: 'tutor', campus: 'Lyon', phone: '06 55 44 33 22', corporation: 'Garage Central Lyon' },
  { firstName: 'Sandrine', lastName: 'Perrin', typology: 'corporation-contact', campus: 'Lyon', corporation: 'Garage Central Lyon' },
  { firstName: 'Julie', lastName: 'Vasseur', typology: 'tutor', campus: 'Lyon', corporation: 'Cabinet Lefort Expertise Comptable' },
  { firstName: 'Olivier', lastName: 'Chevalier', typology: 'referent', campus: 'Paris' },
  { firstName: 'Amandine', lastName: 'Roy', typology: 'referent', campus: 'Lyon' },
  { firstName: 'Léna', lastName: 'Caron', typology: 'isd', campus: 'Lyon' },
  { firstName: 'Mathieu', lastName: 'Perret', typology: 'read-only', campus: 'Lyon' },
];

// The identity seed's tutor and corporation contact (with logins) work for the first company.
const demoLinks: { email: string; corporation: string; role: CorporationPeopleRow['role'] }[] = [
  { email: 'tutor@demo.alterna.school', corporation: 'Boulangerie Dupain', role: 'tutor' },
  { email: 'corporation-contact@demo.alterna.school', corporation: 'Boulangerie Dupain', role: 'contact' },
];

const emailOf = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}@demo.alterna.school`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export async function seedPeople(core: CoreDeps, knex: Knex): Promise<void> {
  const { accounts } = core.module('identity');
  await knex.transaction(async (trx) => {
    const campuses = new Map<string, string>((await trx('training_centre_campuses as campuses').select('id', 'name')).map((c: { id: string; name: string }) => [c.name, c.id]));
    const campusId = (name: string) => {
      const id = campuses.get(name);
      if (!id) throw new Error(`demo campus ${name} is missing`);
      return id;
    };
    const corporationRows: { id: string; name: string }[] = await trx('corporations').insert(demoCorporations).returning(['id', 'name']);
    const corporationId = new Map(corporationRows.map((row) => [row.name, row.id]));
    const actorIds = await accounts.create(
      trx,
      demoPeople.map((p) => ({ firstName: p.firstName, lastName: p.lastName, email: emailOf(p.firstName, p.lastName), phone: p.phone ?? null, rules: [{ campusId: campusId(p.campus), typology: p.typology }] })),
    );
    const actorRows = actorIds.map((id) => ({ id }));
    const logins = new Map<string, string>((await trx('identity_actors').whereIn('email', demoLinks.map((l) => l.email)).select('id', 'email')).map((a: { id: string; email: string }) => [a.email, a.id]));
    await trx('corporation_people').insert([
      ...demoPeople.flatMap((p, i): CorporationPeopleInsert[] => (p.corporation ? [{ corporation_id: corporationId.get(p.corporation)!, actor_id: actorRows[i]!.id, role: p.typology === 'tutor' ? 'tutor' : 'contact' }] : [])),
      ...demoLinks.filter((l) => logins.has(l.email)).map((l) => ({ corporation_id: corporationId.get(l.corporation)!, actor_id: logins.get(l.email)!, role: l.role })),
    ]);
  });
}
