import type { Knex } from '@alterna/core';
import { nowMs } from '@alterna/core/clock';

/**
 * Demo: one sent campaign — the Paris pedagogy manager's welcome message to the students of a Paris training group,
 * its rows marked sent as if the SMTP server had accepted them (nothing is sent at seed).
 */
export async function seedMassEmail(knex: Knex, domain: string): Promise<void> {
  const sender = await knex('identity_actors').where({ email: 'pedagogy@demo.alterna.school' }).first('id');
  const group = await knex('trainings_training_groups as g')
    .join('training_centre_campuses as c', 'c.id', 'g.campus_id')
    .whereExists((q) => q.select(knex.raw('1')).from('students_student_registrations as sr').whereRaw('sr.training_group_id = g.id'))
    .orderByRaw("(c.name = 'Paris') DESC, g.name")
    .first('g.id', 'g.name', 'g.campus_id');
  if (!sender || !group) return;
  const sent = nowMs() - 3 * 86_400_000;
  const id = '5e17a000-0000-4000-8000-000000000001';
  const html =
    '<h2>Bienvenue {{firstName}} !</h2><p>La rentrée du groupe <strong>{{group}}</strong> ({{training}}) a lieu lundi à 9 h sur le campus de {{campus}}.</p><p>L\'équipe pédagogique</p>';
  await knex('mass_email_campaigns').insert({
    id, request_id: id, subject: 'Réunion de rentrée', html, text: '', criteria: JSON.stringify({ typologies: [], campuses: [], trainings: [], trainingGroups: [group.id], actors: [] }),
    campus_ids: [group.campus_id], status: 'completed', workflow_id: `mass-email:${id}`, created_by: sender.id,
    created_at: new Date(sent), finished_at: new Date(sent + 4000),
  });
  const { rowCount } = await knex.raw(
    `INSERT INTO mass_email_recipients (campaign_id, seq, actor_id, email, first_name, last_name, training, group_name, campus, message_id, state, smtp_response, answered_at)
     SELECT ?::uuid, (row_number() OVER (ORDER BY a.last_name, a.first_name, a.id) - 1)::int, a.id, a.email, a.first_name, a.last_name, t.name, g.name, c.name,
            '<mass-email.' || ?::text || '.' || a.id || '@' || ?::text || '>', 'sent', '250 OK: queued (demo)', ?::timestamptz
       FROM (SELECT DISTINCT sr.student_id FROM students_student_registrations sr WHERE sr.training_group_id = ?) s
       JOIN identity_actors a ON a.id = s.student_id
       JOIN trainings_training_groups g ON g.id = ?
       JOIN trainings_trainings t ON t.id = g.training_id
       JOIN training_centre_campuses c ON c.id = g.campus_id
      WHERE coalesce(a.email, '') <> ''`,
    [id, id, domain, new Date(sent), group.id, group.id],
  );
  await knex('mass_email_campaigns').where({ id }).update({ total: rowCount ?? 0 });
}
