import type { Knex } from '@alterna/core';
import type { Visibility } from '@alterna/identity';
import type { RecipientsInput } from '../validation/index.js';

/** The recipient choice once checked: ids, and the campuses (all granted) that bound typology and training choices. */
export interface ResolvedChoice {
  campuses: string[];
  /** Whether typologies or campuses were chosen: people with an access rule there. */
  byRule: boolean;
  typologies: string[];
  trainings: string[];
  trainingGroups: string[];
  actors: string[];
}

export function choiceOf(input: RecipientsInput, scope: string[]): ResolvedChoice {
  return {
    campuses: input.campuses.length ? input.campuses : scope,
    byRule: input.typologies.length > 0 || input.campuses.length > 0,
    typologies: input.typologies,
    trainings: input.trainings,
    trainingGroups: input.trainingGroups,
    actors: input.actors,
  };
}

/**
 * One statement resolving the recipients from the owners' read views: registered students of the chosen trainings
 * and groups, people with an access rule of the chosen typologies on the chosen campuses, hand-picked people (on the
 * sender's campuses). A person on several lists keeps one row (the most telling one: a student row gives training and
 * group), then one row per lower-cased address; archived accounts and accounts without an address are left out.
 * Columns: actor_id, email, first_name, last_name, training, group_name, campus. The access rules are identity's (its visibility).
 */
export function recipientsQuery(knex: Knex, visibility: Visibility, choice: ResolvedChoice, scope: string[]): Knex.Raw {
  return knex.raw(
    `WITH registrations AS (
       SELECT sr.student_id AS actor_id, t.name AS training, g.name AS group_name, c.name AS campus, g.id AS group_id, g.training_id, g.campus_id
         FROM students_student_registrations sr
         JOIN trainings_training_groups g ON g.id = sr.training_group_id
         JOIN trainings_trainings t ON t.id = g.training_id
         JOIN training_centre_campuses c ON c.id = g.campus_id
        WHERE g.campus_id = ANY(CAST(:scope AS uuid[]))
     ), rules AS (
       SELECT r.actor_id, r.typology, r.campus_id, c.name AS campus
         FROM :scopeRules r
         JOIN training_centre_campuses c ON c.id = r.campus_id
     ), candidates AS (
       SELECT actor_id, training, group_name, campus, 1 AS rank FROM registrations WHERE group_id = ANY(CAST(:groups AS uuid[]))
       UNION ALL
       SELECT actor_id, training, group_name, campus, 1 FROM registrations WHERE training_id = ANY(CAST(:trainings AS uuid[])) AND campus_id = ANY(CAST(:campuses AS uuid[]))
       UNION ALL
       SELECT actor_id, '', '', campus, 2 FROM rules
        WHERE CAST(:byRule AS boolean) AND campus_id = ANY(CAST(:campuses AS uuid[])) AND (cardinality(CAST(:typologies AS text[])) = 0 OR typology = ANY(CAST(:typologies AS text[])))
       UNION ALL
       SELECT actor_id, training, group_name, campus, 3 FROM registrations WHERE actor_id = ANY(CAST(:actors AS uuid[]))
       UNION ALL
       SELECT actor_id, '', '', campus, 4 FROM rules WHERE actor_id = ANY(CAST(:actors AS uuid[]))
     ), per_actor AS (
       SELECT DISTINCT ON (cand.actor_id) cand.actor_id, a.email, a.first_name, a.last_name, cand.training, cand.group_name, cand.campus, cand.rank
         FROM candidates cand
         JOIN identity_actors a ON a.id = cand.actor_id
        WHERE NOT a.archived AND coalesce(trim(a.email), '') <> ''
        ORDER BY cand.actor_id, cand.rank, cand.training, cand.group_name, cand.campus
     )
     SELECT DISTINCT ON (lower(email)) actor_id, email, first_name, last_name, training, group_name, campus
       FROM per_actor
      ORDER BY lower(email), rank, actor_id`,
    {
      scope,
      scopeRules: visibility.rules(knex, { campuses: scope }).select('r.actor_id', 'r.typology', 'r.campus_id'),
      campuses: choice.campuses,
      groups: choice.trainingGroups,
      trainings: choice.trainings,
      actors: choice.actors,
      typologies: choice.typologies,
      byRule: choice.byRule,
    },
  );
}
