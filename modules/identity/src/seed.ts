import type { Knex, Typology } from '@alterna/core';
import { hashPassword } from './services/password-hashing.js';

/** The README lists these: one login per typology, one shared password. */
export const demoPassword = 'alterna-demo';
export const demoDomain = 'demo.alterna.school';

const demoLogins: { typology: Typology; firstName: string; lastName: string; campuses: string[] }[] = [
  { typology: 'pedagogy', firstName: 'Claire', lastName: 'Martin', campuses: ['Paris', 'Lyon'] },
  { typology: 'isd', firstName: 'Julien', lastName: 'Bernard', campuses: ['Paris'] },
  { typology: 'management', firstName: 'Sophie', lastName: 'Dubois', campuses: ['Paris', 'Lyon'] },
  { typology: 'campus-manager', firstName: 'Karim', lastName: 'Benali', campuses: ['Lyon'] },
  { typology: 'read-only', firstName: 'Élise', lastName: 'Moreau', campuses: ['Paris'] },
  { typology: 'referent', firstName: 'Thomas', lastName: 'Laurent', campuses: ['Paris'] },
  { typology: 'teacher', firstName: 'Nadia', lastName: 'Lefèvre', campuses: ['Paris'] },
  { typology: 'trainer', firstName: 'Hugo', lastName: 'Garnier', campuses: ['Lyon'] },
  { typology: 'coach', firstName: 'Camille', lastName: 'Roux', campuses: ['Paris'] },
  { typology: 'tutor', firstName: 'Marc', lastName: 'Fontaine', campuses: ['Paris'] },
  { typology: 'student', firstName: 'Léa', lastName: 'Petit', campuses: ['Paris'] },
  { typology: 'corporation-contact', firstName: 'Antoine', lastName: 'Mercier', campuses: ['Paris'] },
];

// People without a login, so that lists are not empty before later modules add their own.
const demoPeople: { typology: Typology; firstName: string; lastName: string; campus: string }[] = [
  { typology: 'student', firstName: 'Lucas', lastName: 'Girard', campus: 'Paris' },
  { typology: 'student', firstName: 'Chloé', lastName: 'Bonnet', campus: 'Paris' },
  { typology: 'student', firstName: 'Nathan', lastName: 'Lambert', campus: 'Lyon' },
  { typology: 'student', firstName: 'Inès', lastName: 'Faure', campus: 'Lyon' },
  { typology: 'teacher', firstName: 'Paul', lastName: 'Rousseau', campus: 'Paris' },
  { typology: 'teacher', firstName: 'Sarah', lastName: 'Blanc', campus: 'Lyon' },
];

/** `chloé.bonnet@…` → `chloe.bonnet@…`: a relay without SMTPUTF8 refuses a non-ASCII address (issue #24). */
const asciiEmail = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}@${demoDomain}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

export function demoEmail(typology: Typology): string {
  return `${typology}@${demoDomain}`;
}

export async function seedActors(knex: Knex): Promise<void> {
  const passwordHash = await hashPassword(demoPassword);
  await knex.transaction(async (trx) => {
    const campuses = new Map<string, string>((await trx('training_centre_campuses as campuses').select('id', 'name')).map((c: { id: string; name: string }) => [c.name, c.id]));
    const campusId = (name: string) => {
      const id = campuses.get(name);
      if (!id) throw new Error(`demo campus ${name} is missing`);
      return id;
    };
    const loginRows = await trx('actors')
      .insert(demoLogins.map((p) => ({ first_name: p.firstName, last_name: p.lastName, email: demoEmail(p.typology), password_hash: passwordHash })))
      .returning(['id', 'email']);
    const peopleRows = await trx('actors')
      .insert(demoPeople.map((p) => ({ first_name: p.firstName, last_name: p.lastName, email: asciiEmail(p.firstName, p.lastName) })))
      .returning(['id']);
    const rules = [
      ...demoLogins.flatMap((p, i) => p.campuses.map((campus) => ({ actor_id: loginRows[i]!.id, campus_id: campusId(campus), typology: p.typology }))),
      ...demoPeople.map((p, i) => ({ actor_id: peopleRows[i]!.id, campus_id: campusId(p.campus), typology: p.typology })),
    ];
    await trx('actor_access_rules').insert(rules);
  });
}

export const demoLoginList = demoLogins.map((p) => ({ typology: p.typology, email: demoEmail(p.typology), name: `${p.firstName} ${p.lastName}`, campuses: p.campuses }));
