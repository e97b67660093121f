import { todayIn, type Knex } from '@alterna/core';
import { nowMs } from '@alterna/core/clock';
import { itemsOfGroup } from './services/context.js';

const daysAgo = (days: number) => new Date(nowMs() - days * 86_400_000);

const nilUuid = '00000000-0000-0000-0000-000000000000';
const demo = (typology: string) => `${typology}@demo.alterna.school`;

/** The demo booklet list of every demo training (general list): one row per item, its module, its dates around today. */
const demoItems: [title: string, module: string, fromToday: number, days: number][] = [
  ['Définition de la mission', 'mission-definition', -60, 0],
  ['Premier entretien coach/tuteur', 'first-meeting', -45, 0],
  ['Évaluation intermédiaire', 'intermediate-evaluation', -20, 14],
  ['Entretien coach', 'coach-meeting', 10, 0],
  ['Évaluation finale', 'final-evaluation', 90, 14],
];
const demoSkills = ['Communication', 'Autonomie', 'Rigueur'];

/**
 * Demo booklets: the list above and three thesis skills for every training with a group, each registration's forms,
 * and the demo student's booklet at several stages — the mission filled and validated (validation rows written
 * directly: no workflow), the first meeting filled, the intermediate evaluation filled and signed by the tutor, waiting
 * for the coach (its run starts when the first signature arrives). Set statements only.
 */
export async function seedBooklets(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    const values = demoItems.map(() => '(?, ?, ?::int, ?::int, ?::int)').join(', ');
    const bindings = demoItems.flatMap(([title, module, from, days], i) => [title, module, i + 1, from, days]);
    await trx.raw(
      `WITH v (title, module, position, from_today, days) AS (VALUES ${values}),
       items AS (
         INSERT INTO booklet_items (training_id, title, position, date, start_date, end_date)
         SELECT t.training_id, v.title, v.position,
           CASE WHEN v.days = 0 THEN ?::date + v.from_today END,
           CASE WHEN v.days > 0 THEN ?::date + v.from_today END,
           CASE WHEN v.days > 0 THEN ?::date + v.from_today + v.days END
         FROM (SELECT DISTINCT training_id FROM trainings_training_groups) t CROSS JOIN v
         RETURNING id, training_id, title)
       INSERT INTO booklet_item_modules (booklet_item_id, training_id, scope_session_id, module)
       SELECT items.id, items.training_id, '${nilUuid}', v.module FROM items JOIN v ON v.title = items.title`,
      [...bindings, todayIn(), todayIn(), todayIn()],
    );
    await trx.raw(
      `INSERT INTO booklet_thesis_skills (training_id, name, position)
       SELECT t.training_id, s.name, s.position FROM (SELECT DISTINCT training_id FROM trainings_training_groups) t
       CROSS JOIN unnest(?::text[]) WITH ORDINALITY AS s(name, position)`,
      [demoSkills],
    );
    await trx.raw(
      `INSERT INTO booklet_forms (booklet_item_id, student_registration_id)
       SELECT i.id, sr.id FROM students_student_registrations sr
         JOIN trainings_training_groups tg ON tg.id = sr.training_group_id
         JOIN booklet_items i ON ${itemsOfGroup('i', 'tg')}
       ON CONFLICT (booklet_item_id, student_registration_id) DO NOTHING`,
    );

    const people = new Map<string, string>((await trx('identity_actors').whereIn('email', [demo('student'), demo('tutor'), demo('coach')]).select('id', 'email')).map((a: any) => [a.email, a.id]));
    const student = people.get(demo('student'));
    if (!student) return;
    const forms: { id: string; title: string }[] = await trx('booklet_forms as f').join('booklet_items as i', 'i.id', 'f.booklet_item_id')
      .join('students_student_registrations as sr', 'sr.id', 'f.student_registration_id').where('sr.student_id', student).select('f.id', 'i.title');
    const form = (title: string) => forms.find((f) => f.title === title)?.id;
    const mission = form('Définition de la mission');
    const meeting = form('Premier entretien coach/tuteur');
    const evaluation = form('Évaluation intermédiaire');
    const tutor = people.get(demo('tutor')) ?? null;
    const coach = people.get(demo('coach')) ?? null;
    const filled = (id: string | undefined, value: object, average = 0) =>
      id ? trx('booklet_forms').where({ id }).update({ values: JSON.stringify(value), average_mark: average, version: 1, updated_by: coach ?? student }) : null;
    await filled(mission, { tasks: ['Accueil et conseil des clients', 'Gestion des commandes fournisseurs', 'Inventaire mensuel'], skillMarks: [], note: 'Mission définie avec le tuteur lors de la première semaine.' });
    await filled(meeting, { tasks: [], skillMarks: [], note: 'Intégration réussie ; points à suivre : autonomie sur la caisse.' });
    await filled(evaluation, {
      tasks: [], note: 'Bon semestre, à poursuivre.',
      skillMarks: [{ skill: 'Communication', mark: 15, comment: 'Aisance avec les clients' }, { skill: 'Autonomie', mark: 12.5, comment: '' }, { skill: 'Rigueur', mark: 14, comment: '' }],
    }, 13.83);

    if (mission) {
      await trx('booklet_forms').where({ id: mission }).update({ validated_at: daysAgo(50) });
      const [validation] = await trx('booklet_validations').insert({
        form_id: mission, run: 1, workflow_id: `booklet-validation:${mission}:1`, status: 'validated', requested_by: tutor ?? student,
        requested_at: daysAgo(52), validated_at: daysAgo(50),
      }).returning('id');
      if (!validation) throw new Error('booklets seed: validation not created');
      await trx('booklet_validation_signatures').insert([
        { validation_id: validation.id, role: 'tutor', position: 0, signer_id: tutor, signed_at: daysAgo(51), route: 'seed' },
        { validation_id: validation.id, role: 'student', position: 1, signer_id: student, signed_at: daysAgo(50), route: 'seed' },
      ]);
    }
    if (evaluation) {
      // Waiting for the coach: the run is started by the service when the next signature comes (see ValidationsService.sign).
      const [validation] = await trx('booklet_validations').insert({
        form_id: evaluation, run: 1, workflow_id: `booklet-validation:${evaluation}:1`, status: 'pending', requested_by: tutor ?? student, requested_at: daysAgo(3),
      }).returning('id');
      if (!validation) throw new Error('booklets seed: validation not created');
      await trx('booklet_validation_signatures').insert([
        { validation_id: validation.id, role: 'tutor', position: 0, signer_id: tutor, signed_at: daysAgo(2), route: 'seed' },
        { validation_id: validation.id, role: 'coach', position: 1 },
        { validation_id: validation.id, role: 'student', position: 2 },
      ]);
    }
  });
}
