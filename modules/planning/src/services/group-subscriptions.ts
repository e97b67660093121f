import { ValidationError, type Knex, type Translate } from '@alterna/core';
import type { GroupRegistration, GroupSubscription } from './group-types.js';

type Db = Knex | Knex.Transaction;

/** Which registrations a group may take: those of its training group, else those of its campus's groups not yet over. */
export interface SubscriptionScope {
  groupId: string;
  campusId: string;
  trainingGroupId: string | null;
  today: string;
}

interface RegistrationRow {
  id: string;
  student_status: string;
  student_id: string;
  first_name: string;
  last_name: string;
  training_group_id: string;
  training_group_name: string;
  training_group_short_name: string;
}

const registrationColumns = [
  'sr.id', 'sr.student_status', 'sr.student_id', 'a.first_name', 'a.last_name', 'sr.training_group_id',
  'tg.name as training_group_name', 'tg.short_name as training_group_short_name',
];

const toRegistration = (row: RegistrationRow): GroupRegistration => ({
  id: row.id,
  studentStatus: row.student_status,
  student: { id: row.student_id, firstName: row.first_name, lastName: row.last_name },
  trainingGroup: { id: row.training_group_id, name: row.training_group_name, shortName: row.training_group_short_name },
});

/** Registrations the group may take (student and training group joined), whether subscribed or not. */
function eligible(db: Db, scope: SubscriptionScope) {
  return db('students_student_registrations as sr')
    .join('trainings_training_groups as tg', 'tg.id', 'sr.training_group_id')
    .join('identity_actors as a', 'a.id', 'sr.student_id')
    .modify((q) => {
      if (scope.trainingGroupId) q.where('sr.training_group_id', scope.trainingGroupId);
      else q.where('tg.campus_id', scope.campusId).where('tg.end_date', '>=', scope.today);
    });
}

/** Registrations that may still be subscribed, by student name (one query). */
export async function availableRegistrations(db: Db, scope: SubscriptionScope): Promise<GroupRegistration[]> {
  const rows: RegistrationRow[] = await eligible(db, scope)
    .whereNotExists((q) => q.select(db.raw('1')).from('planning_group_subscriptions as s').where('s.planning_group_id', scope.groupId).whereRaw('s.student_registration_id = sr.id'))
    .select(registrationColumns)
    .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }, { column: 'tg.short_name' }]);
  return rows.map(toRegistration);
}

/** The group's students, by name (one query). */
export async function subscriptionsOf(db: Db, groupId: string): Promise<GroupSubscription[]> {
  const rows: (RegistrationRow & { subscription_id: string; created_at: Date | string })[] = await db('planning_group_subscriptions as s')
    .join('students_student_registrations as sr', 'sr.id', 's.student_registration_id')
    .join('trainings_training_groups as tg', 'tg.id', 'sr.training_group_id')
    .join('identity_actors as a', 'a.id', 'sr.student_id')
    .where('s.planning_group_id', groupId)
    .select('s.id as subscription_id', 's.created_at', ...registrationColumns)
    .orderBy([{ column: 'a.last_name' }, { column: 'a.first_name' }]);
  return rows.map((row) => ({ id: row.subscription_id, createdAt: new Date(row.created_at).toISOString(), registration: toRegistration(row) }));
}

/**
 * Subscribes registrations in one INSERT (those already subscribed are left as they are); any registration the
 * group may not take refuses the whole request. Returns how many were added.
 */
export async function subscribe(trx: Knex.Transaction, scope: SubscriptionScope, registrationIds: readonly string[], t: Translate): Promise<number> {
  const ids = [...new Set(registrationIds)];
  const allowed = new Set<string>(await eligible(trx, scope).whereIn('sr.id', ids).pluck('sr.id'));
  const refused = ids.filter((id) => !allowed.has(id));
  if (refused.length) {
    throw new ValidationError(
      registrationIds.flatMap((id, index) => (allowed.has(id) ? [] : [{ path: `registrations[${index}]`, message: t('planning.groups.subscriptions.notAvailable') }])),
    );
  }
  const added = await trx('planning_group_subscriptions')
    .insert(ids.map((student_registration_id) => ({ planning_group_id: scope.groupId, student_registration_id })))
    .onConflict(['planning_group_id', 'student_registration_id'])
    .ignore()
    .returning('id');
  return added.length;
}

/** Removes these registrations from the group (one DELETE); returns how many were removed. */
export async function unsubscribe(trx: Knex.Transaction, groupId: string, registrationIds: readonly string[]): Promise<number> {
  return trx('planning_group_subscriptions').where('planning_group_id', groupId).whereIn('student_registration_id', [...new Set(registrationIds)]).delete();
}
