import { isPgError, NotFoundError, ValidationError, type Knex } from '@alterna/core';

/** What a profile change may touch on an actor. */
export interface ProfileChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
}

/** The violation message key (translated by the caller, who knows the reader's language). */
export const emailTakenKey = 'identity.profile.emailTaken';

const emailTaken = () => new ValidationError([{ path: 'email', message: emailTakenKey }]);

/**
 * Writes an actor's first name, last name and e-mail; setting the same values again changes nothing
 * more, so a retried caller is safe. An e-mail held by another actor is a violation, never a 500.
 */
export async function updateProfile(knex: Knex, actorId: string, changes: ProfileChanges, trx?: Knex.Transaction): Promise<void> {
  const db = trx ?? knex;
  const patch: Record<string, string> = {};
  if (changes.firstName !== undefined) patch.first_name = changes.firstName;
  if (changes.lastName !== undefined) patch.last_name = changes.lastName;
  if (changes.email !== undefined) {
    const taken = await db('actors').whereRaw('lower(email) = lower(?)', [changes.email]).whereNot('id', actorId).first('id');
    if (taken) throw emailTaken();
    patch.email = changes.email;
  }
  if (!Object.keys(patch).length) return;
  try {
    const updated = await db('actors').where({ id: actorId }).update({ ...patch, updated_at: db.fn.now() });
    if (!updated) throw new NotFoundError('Not found.');
  } catch (error) {
    // Another actor took the address between the check and the write: the unique index says so.
    if (isPgError(error, 'uniqueViolation')) throw emailTaken();
    throw error;
  }
}
