import { todayIn, type CoreDeps, type Knex } from '@alterna/core';
import type { TeachingServices } from './services/index.js';
import { nowMs } from '@alterna/core/clock';
import type { ActivityDeclarationType, ContractStatus, LegalForm } from './rules/references.js';

const domain = 'demo.alterna.school';
const emailOf = (firstName: string, lastName: string) =>
  `${firstName}.${lastName}@${domain}`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').toLowerCase();

/** More teachers and a coach than the identity seed's, so that lists and the planning have some to choose from. */
const newPeople: { firstName: string; lastName: string; typology: 'teacher' | 'trainer' | 'coach'; campuses: string[] }[] = [
  { firstName: 'Céline', lastName: 'Marchand', typology: 'teacher', campuses: ['Paris'] },
  { firstName: 'Romain', lastName: 'Barbier', typology: 'trainer', campuses: ['Lyon'] },
  { firstName: 'Amélie', lastName: 'Roche', typology: 'trainer', campuses: ['Paris', 'Lyon'] },
  { firstName: 'Bastien', lastName: 'Morel', typology: 'coach', campuses: ['Lyon'] },
];

const informations: Record<string, { specialities: string; diploma: string; professional_experience: string }> = {
  'paul.rousseau': { specialities: 'Culture générale, expression écrite', diploma: 'Master Lettres modernes', professional_experience: '12 ans d\'enseignement en BTS.' },
  'teacher': { specialities: 'Anglais des affaires', diploma: 'Master LEA', professional_experience: 'Traductrice, puis formatrice depuis 2015.' },
  'sarah.blanc': { specialities: 'Relation client, vente conseil', diploma: 'Master Marketing', professional_experience: 'Dix ans de management en grande distribution.' },
  'trainer': { specialities: 'Systèmes et réseaux', diploma: 'Ingénieur informatique', professional_experience: 'Administrateur systèmes en ESN.' },
};

/** Companies through which teachers invoice (valid SIRETs), each associated with its teacher. */
const companies: { teacher: string; siret: string; name: string; legal_form: LegalForm; adnType: ActivityDeclarationType; adn: string | null; street: string; postal: string; city: string }[] = [
  { teacher: 'paul.rousseau', siret: '81234567800013', name: 'Rousseau Formation Conseil', legal_form: 'sasu', adnType: 'declared', adn: '11755999975', street: '18 rue de la Roquette', postal: '75011', city: 'Paris' },
  { teacher: 'teacher', siret: '79865432100024', name: 'Lefèvre Langues', legal_form: 'micro', adnType: 'pending', adn: null, street: '3 rue Lepic', postal: '75018', city: 'Paris' },
  { teacher: 'sarah.blanc', siret: '52369874100031', name: 'Atelier Blanc Pédagogie', legal_form: 'eurl', adnType: 'declared', adn: '84691234569', street: '22 rue Mercière', postal: '69002', city: 'Lyon' },
];

type Line = [subject: string, hours: number];
type Activity = [reference: string, amount: number, price: number];
/** Contracts of the current session (and one of the previous) by teacher login or name. */
const contracts: { teacher: string; campus: string; status: ContractStatus; teacherStatus: string; company?: string; subjects: Line[]; activities: Activity[]; previous?: boolean }[] = [
  { teacher: 'paul.rousseau', campus: 'Paris', status: 'signed', teacherStatus: 'company', company: 'Rousseau Formation Conseil', subjects: [['CGE', 60], ['CEJM', 40]], activities: [['exam-supervision', 6, 35], ['exam-marking', 40, 4.5]] },
  { teacher: 'paul.rousseau', campus: 'Paris', status: 'signed', teacherStatus: 'company', company: 'Rousseau Formation Conseil', subjects: [['CGE', 90]], activities: [], previous: true },
  { teacher: 'teacher', campus: 'Paris', status: 'sent', teacherStatus: 'independent', company: 'Lefèvre Langues', subjects: [['ANG', 80]], activities: [['exam-jury', 7, 45]] },
  { teacher: 'sarah.blanc', campus: 'Lyon', status: 'draft', teacherStatus: 'company', company: 'Atelier Blanc Pédagogie', subjects: [['DRCV', 120], ['ADOC', 60]], activities: [['company-visit', 4, 60]] },
  { teacher: 'trainer', campus: 'Lyon', status: 'signed', teacherStatus: 'employee', subjects: [['SMDSI', 100], ['CYBER', 40]], activities: [] },
  { teacher: 'celine.marchand', campus: 'Paris', status: 'signed', teacherStatus: 'occasional', subjects: [['MKD', 60], ['GDP', 30]], activities: [['course-design', 10, 40]] },
  { teacher: 'romain.barbier', campus: 'Lyon', status: 'draft', teacherStatus: 'occasional', subjects: [['NEGO', 50]], activities: [] },
  { teacher: 'amelie.roche', campus: 'Paris', status: 'sent', teacherStatus: 'occasional', subjects: [['CDA', 90]], activities: [] },
  { teacher: 'amelie.roche', campus: 'Lyon', status: 'draft', teacherStatus: 'occasional', subjects: [['ASR', 60]], activities: [['exam-supervision', 3, 35]] },
];

/** Who follows whom this session, the coaches' contracts and a few follow-ups. */
const attributions: [coach: string, student: string, campus: string][] = [
  ['coach', 'student', 'Paris'],
  ['coach', 'lucas.girard', 'Paris'],
  ['bastien.morel', 'nathan.lambert', 'Lyon'],
];

const key = (email: string) => email.replace(`@${domain}`, '');

/**
 * Demo data of the module, written as the demo pedagogy manager through the sibling modules' services:
 * teachers with their informations, companies and contracts in the current session, coaches with their
 * attributions, a contract and follow-ups.
 */
export async function seedTeaching(_services: TeachingServices, core: CoreDeps, knex: Knex): Promise<void> {
  const trainings = core.module('trainings');
  const people = core.module('people');
  const pedagogyRow = await knex('identity_actors').where({ email: `pedagogy@${domain}` }).first('id');
  const identity = core.module('identity');
  const pedagogy = pedagogyRow ? await identity.loadActor(pedagogyRow.id) : null;
  const sessions = await trainings.sessions.list();
  const current = sessions.find((s) => s.isCurrent);
  const previous = sessions.filter((s) => current && s.endDate < current.startDate)[0];
  if (!pedagogy || !current) return;
  const subjects = new Map((await trainings.subjects.list(pedagogy)).map((s) => [s.shortName, s.id]));
  const campuses = new Map((await core.module('training-centre').campuses.list()).map((c) => [c.name, c.id]));
  const campus = (name: string) => campuses.get(name)!;

  await knex.transaction(async (trx) => {
    for (const person of newPeople) {
      const email = emailOf(person.firstName, person.lastName);
      if (await trx('identity_actors').whereRaw('lower(email) = ?', [email]).first('id')) continue;
      const id = await people.actors.create(pedagogy, { firstName: person.firstName, lastName: person.lastName, email, typology: person.typology, campusId: campus(person.campuses[0]!) }, trx);
      await identity.accounts.grant(trx, person.campuses.slice(1).map((name) => ({ actorId: id, campusId: campus(name), typology: person.typology })));
    }
    const actors = new Map<string, string>((await trx('identity_actors').where('email', 'like', `%@${domain}`).select('id', 'email')).map((a: { id: string; email: string }) => [key(a.email), a.id]));
    const actor = (name: string) => actors.get(name);

    await trx('teacher_informations').insert(
      Object.entries(informations).filter(([name]) => actor(name)).map(([name, info]) => ({ actor_id: actor(name)!, ...info })),
    );
    const companyIds = new Map<string, string>();
    for (const company of companies) {
      const [row] = await trx('teacher_companies')
        .insert({
          siret: company.siret, name: company.name, legal_form: company.legal_form, activity_declaration_number_type: company.adnType,
          activity_declaration_number: company.adn, street_address: company.street, postal_code: company.postal, address_locality: company.city, address_country: 'FR',
        })
        .returning('id');
      if (!row) throw new Error(`teaching seed: company ${company.name} not created`);
      companyIds.set(company.name, row.id);
      if (actor(company.teacher)) await trx('teacher_company_teachers').insert({ teacher_company_id: row.id, teacher_id: actor(company.teacher)! });
    }

    const statuses = new Map<string, string>((await trx('teacher_statuses').select('id', 'reference')).map((s: { id: string; reference: string }) => [s.reference, s.id]));
    const activities = new Map<string, string>((await trx('related_activities').select('id', 'reference')).map((a: { id: string; reference: string }) => [a.reference, a.id]));
    const known = (map: Map<string, string>, key: string, what: string) => {
      const id = map.get(key);
      if (!id) throw new Error(`teaching seed: no ${what} ${key}`);
      return id;
    };
    for (const contract of contracts) {
      const session = contract.previous ? previous : current;
      const teacherId = actor(contract.teacher);
      if (!session || !teacherId) continue;
      const [row] = await trx('teacher_contracts')
        .insert({
          teacher_id: teacherId, campus_id: campus(contract.campus), training_session_id: session.id, status: contract.status,
          start_date: session.startDate, end_date: session.endDate, teacher_status_id: known(statuses, contract.teacherStatus, 'teacher status'),
          teacher_company_id: contract.company ? known(companyIds, contract.company, 'company') : null,
        })
        .returning('id');
      if (!row) throw new Error(`teaching seed: contract of ${contract.teacher} not created`);
      const lines = contract.subjects.flatMap(([shortName, hours]) => {
        const subjectId = subjects.get(shortName);
        return subjectId ? [{ subjectId, hours }] : [];
      });
      if (lines.length) {
        await trx('teacher_contract_subject_lines').insert(lines.map(({ subjectId, hours }, position) => ({ teacher_contract_id: row.id, school_subject_id: subjectId, hours, position })));
      }
      if (contract.activities.length) {
        await trx('teacher_contract_activity_lines').insert(
          contract.activities.map(([reference, amount, price], position) => ({
            teacher_contract_id: row.id, related_activity_id: known(activities, reference, 'related activity'), amount, price, position,
          })),
        );
      }
    }

    const coachId = actor('coach');
    if (coachId) {
      await trx('coach_informations').insert({ actor_id: coachId, specialities: 'Insertion professionnelle, relation tuteur', max_students: 15 });
      const [coachContract] = await trx('coach_contracts')
        .insert({ coach_id: coachId, campus_id: campus('Paris'), training_session_id: current.id, start_date: current.startDate, end_date: current.endDate })
        .returning('id');
      if (!coachContract) throw new Error('teaching seed: the coach contract not created');
      await trx('coach_contract_activity_lines').insert([
        { coach_contract_id: coachContract.id, related_activity_id: known(activities, 'coach-meeting', 'related activity'), amount: 20, price: 35, position: 0 },
        { coach_contract_id: coachContract.id, related_activity_id: known(activities, 'coaching-hours', 'related activity'), amount: 30, price: 40, position: 1 },
      ]);
    }
    const followed = attributions.flatMap(([coach, student, campusName]) => {
      const [coachOf, studentOf] = [actor(coach), actor(student)];
      return coachOf && studentOf
        ? [{ coach_id: coachOf, student_id: studentOf, campus_id: campus(campusName), training_session_id: current.id, attributed_by: pedagogy.id }]
        : [];
    });
    if (followed.length) await trx('coach_attributions').insert(followed);
    const lucas = actor('lucas.girard');
    if (lucas) {
      const day = (offset: number) => todayIn('Europe/Paris', new Date(nowMs() - offset * 86_400_000));
      await trx('coaching_follow_ups').insert([
        {
          student_id: lucas, campus_id: campus('Paris'), kind: 'prevent-registration-break', date: day(20), risks: ['absences', 'company-relations'],
          description: 'Trois absences non justifiées en entreprise ; le tuteur s\'inquiète.', actions: 'Rendez-vous tripartite prévu.', recorded_by: actor('coach') ?? pedagogy.id,
        },
        {
          student_id: lucas, campus_id: campus('Paris'), kind: 'disciplinary', date: day(6), category: 'warning',
          description: 'Retards répétés en cours.', actions: 'Avertissement écrit remis.', recorded_by: pedagogy.id,
        },
      ]);
    }
  });
}
