import type { Actor, CoreDeps, Knex } from '@alterna/core';
import { addYears, todayIn } from './rules/age.js';
import { isWorkStudy, type LastSituation, type StudentStatus } from './rules/statuses.js';
import type { StudentsServices } from './services/index.js';

const demoDomain = 'demo.alterna.school';

interface DemoStudent {
  firstName: string;
  lastName: string;
  campus: 'Paris' | 'Lyon';
  /** Age today in years, and days past that birthday (so birthdays spread over the year). */
  age: [years: number, days: number];
  birth: [country: string, place: string, cityCode: string | null];
  /** Group short name in the current session, then in the previous one (if any). */
  current: [group: string, status: StudentStatus];
  previous?: [group: string, status: StudentStatus];
  guardian?: [lastName: string, firstName: string, phone: string, street: string, postalCode: string, locality: string];
  lastSituation?: [LastSituation, string | null, string | null];
}

// The first five are the identity module's demo students (Léa Petit has a login); the rest are new actors.
const demoStudents: DemoStudent[] = [
  {
    firstName: 'Léa', lastName: 'Petit', campus: 'Paris', age: [17, 120], birth: ['FR', 'Paris 15e Arrondissement', '75115'], current: ['MCO1-PAR', 'apprentice'],
    guardian: ['Petit', 'Sandrine', '06 12 34 56 78', '14 rue de la Convention', '75015', 'Paris'], lastSituation: ['secondary-school', 'Lycée Buffon', 'Baccalauréat général'],
  },
  {
    firstName: 'Lucas', lastName: 'Girard', campus: 'Paris', age: [19, 200], birth: ['FR', 'Versailles', '78646'],
    current: ['SIO1-SLAM-PAR', 'apprentice'], previous: ['MCO1-PAR', 'initial-training'], lastSituation: ['higher-education', 'Université Paris-Saclay', null],
  },
  { firstName: 'Chloé', lastName: 'Bonnet', campus: 'Paris', age: [21, 45], birth: ['FR', 'Lille', '59350'], current: ['RDC-PAR', 'professionalisation'] },
  { firstName: 'Nathan', lastName: 'Lambert', campus: 'Lyon', age: [19, 300], birth: ['FR', 'Lyon', '69123'], current: ['MCO1-LYO', 'apprentice'] },
  {
    firstName: 'Inès', lastName: 'Faure', campus: 'Lyon', age: [17, 30], birth: ['FR', 'Villeurbanne', '69266'], current: ['SIO1-SISR-LYO', 'apprentice'],
    guardian: ['Faure', 'Olivier', '06 98 76 54 32', '8 cours Émile Zola', '69100', 'Villeurbanne'],
  },
  {
    firstName: 'Emma', lastName: 'Leroy', campus: 'Paris', age: [16, 200], birth: ['FR', 'Nantes', '44109'], current: ['MCO1-PAR', 'apprentice'],
    guardian: ['Leroy', 'Nathalie', '07 11 22 33 44', '3 avenue Daumesnil', '75012', 'Paris'], lastSituation: ['secondary-school', 'Lycée Arago', 'Brevet des collèges'],
  },
  { firstName: 'Yanis', lastName: 'Haddad', campus: 'Paris', age: [20, 10], birth: ['DZ', 'Alger', null], current: ['SIO1-SLAM-PAR', 'initial-training'] },
  {
    firstName: 'Manon', lastName: 'Caron', campus: 'Paris', age: [17, 250], birth: ['GF', 'Cayenne', '97302'], current: ['SIO1-SLAM-PAR', 'apprentice'],
    guardian: ['Caron', 'Patrick', '06 55 44 33 22', '27 rue de Picpus', '75012', 'Paris'],
  },
  { firstName: 'Théo', lastName: 'Chevalier', campus: 'Paris', age: [22, 150], birth: ['FR', 'Marseille', '13055'], current: ['RDC-PAR', 'apprentice'], previous: ['SIO1-SLAM-PAR', 'apprentice'] },
  { firstName: 'Jade', lastName: 'Nguyen', campus: 'Paris', age: [24, 90], birth: ['FR', 'Créteil', '94028'], current: ['MCO1-PAR', 'continuing-education'], lastSituation: ['job-seeker', null, 'BTS NDRC'] },
  { firstName: 'Mehdi', lastName: 'Rahmani', campus: 'Lyon', age: [20, 60], birth: ['MA', 'Casablanca', null], current: ['SIO1-SISR-LYO', 'professionalisation'] },
  {
    firstName: 'Zoé', lastName: 'Fabre', campus: 'Lyon', age: [16, 80], birth: ['PF', 'Papeete', '98735'], current: ['MCO1-LYO', 'apprentice'],
    guardian: ['Fabre', 'Hélène', '06 01 02 03 04', '52 rue Garibaldi', '69006', 'Lyon'],
  },
  { firstName: 'Louis', lastName: 'Perrin', campus: 'Lyon', age: [23, 200], birth: ['FR', 'Grenoble', '38185'], current: ['SIO1-SISR-LYO', 'initial-training'], previous: ['MCO1-LYO', 'apprentice'] },
];

const ascii = (text: string) => text.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();
const minusDays = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

/**
 * Demo students in the seeded training groups of the current and previous sessions, some under 18 with a
 * legal guardian, contracts with the seeded corporations (if people seeded any), Y-1 situations.
 * The trainings module's data is read through its services, before the transaction (PGlite has one connection).
 */
export async function seedStudents(_services: StudentsServices, core: CoreDeps, knex: Knex, today = todayIn()): Promise<void> {
  const campuses = await core.module('training-centre').campuses.list();
  const seeder: Actor = {
    id: '00000000-0000-0000-0000-000000000000', firstName: 'Seed', lastName: 'Demo', email: '', language: null,
    rules: campuses.map((c) => ({ campusId: c.id, campusName: c.name, typology: 'management' as const })),
  };
  const trainings = core.module('trainings');
  const sessions = await trainings.sessions.list();
  const current = sessions.find((s) => s.isCurrent);
  const previous = current ? sessions.find((s) => s.endDate < current.startDate) : undefined;
  if (!current) return;
  const groups = await trainings.groups.list(seeder, {});
  const groupOf = (shortName: string, sessionId: string | undefined) => groups.find((g) => g.shortName === shortName && g.trainingSession.id === sessionId);
  const campusId = new Map(campuses.map((c) => [c.name, c.id]));
  const { accounts } = core.module('identity');
  // Before the transaction: services read through their own connection (PGlite has one).
  const corporations = (await core.module('people').corporations.list(seeder, {}))
    .sort((a, b) => a.name.localeCompare(b.name))
    .map((c) => c.id);

  await knex.transaction(async (trx) => {
    const existing = new Map<string, string>(
      (await core.module('identity').visibility.rules(trx, { typologies: ['student'] }).join('identity_actors as a', 'a.id', 'r.actor_id').select('a.id', 'a.first_name', 'a.last_name'))
        .map((a: { id: string; first_name: string; last_name: string }) => [`${a.first_name} ${a.last_name}`, a.id]),
    );
    let contractCount = 0;
    for (const student of demoStudents) {
      let id = existing.get(`${student.firstName} ${student.lastName}`);
      if (!id) {
        const email = `${ascii(student.firstName)}.${ascii(student.lastName)}@${demoDomain}`;
        const [created] = await accounts.create(trx, [{ firstName: student.firstName, lastName: student.lastName, email, rules: [{ campusId: campusId.get(student.campus)!, typology: 'student' }] }]);
        if (!created) throw new Error(`students seed: no account created for ${email}`);
        id = created;
      }
      const [country, place, cityCode] = student.birth;
      const guardian = student.guardian;
      await trx('students').insert({
        actor_id: id, date_of_birth: minusDays(addYears(today, -student.age[0]), student.age[1]),
        birth_country: country, birthplace: place, birth_city_code: cityCode,
        ...(guardian
          ? {
              guardian_last_name: guardian[0], guardian_first_name: guardian[1], guardian_phone: guardian[2],
              guardian_email: `${ascii(guardian[1])}.${ascii(guardian[0])}@example.org`, guardian_street_address: guardian[3],
              guardian_postal_code: guardian[4], guardian_address_locality: guardian[5], guardian_address_country: 'FR',
            }
          : {}),
      });
      for (const [entry, session] of [[student.previous, previous], [student.current, current]] as const) {
        const group = entry && groupOf(entry[0], session?.id);
        if (!entry || !group) continue;
        const [registration] = await trx('student_registrations').insert({ student_id: id, training_group_id: group.id, student_status: entry[1] }).returning('id');
        if (!registration) throw new Error(`students seed: registration of ${student.firstName} ${student.lastName} not created`);
        const corporationId = corporations[contractCount % corporations.length];
        if (isWorkStudy(entry[1]) && corporationId) {
          contractCount += 1;
          await trx('student_contracts').insert({
            registration_id: registration.id, corporation_id: corporationId, start_date: group.startDate, end_date: group.endDate,
          });
        }
      }
      if (student.lastSituation) {
        const [situation, establishment, diploma] = student.lastSituation;
        await trx('student_last_situations').insert({ student_id: id, situation, establishment, diploma });
      }
    }
  });
}
