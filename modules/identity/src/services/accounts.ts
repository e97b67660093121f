import { violatedConstraint, type Knex, type Typology } from '@alterna/core';
import { ActorAccessRuleModel, ActorModel } from '../models/index.js';

// How other modules write actors: people registers staff, tutors and contacts, students registers students,
// seeds add demo people. Their rules (who may do it, on which campus) are theirs; the rows are identity's.
// Every method takes the caller's knex or transaction object (PGlite has one connection).

/** An e-mail address already held by another actor (actors' e-mails are unique, whatever the case). */
export class EmailTakenError extends Error {
  constructor() {
    super('actors_email_unique');
  }
}

export interface AccessGrant {
  actorId: string;
  campusId: string;
  typology: Typology;
}

export interface NewActor {
  firstName: string;
  lastName: string;
  email: string;
  phone?: string | null;
  passwordHash?: string | null;
  /** Its first access rules (campus and typology). */
  rules: { campusId: string; typology: Typology }[];
}

export interface ActorChanges {
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string | null;
  archived?: boolean;
}

export interface Accounts {
  /** New actors and their rules in two set statements; their ids in the order given. */
  create(db: Knex, actors: NewActor[]): Promise<string[]>;
  /** Changes what is given of one actor (updated_at follows). */
  update(db: Knex, actorId: string, changes: ActorChanges): Promise<void>;
  /** Adds the rules an actor does not hold yet (one statement); how many were new. */
  grant(db: Knex, grants: AccessGrant[]): Promise<number>;
  /** Whether another actor than `exceptId` holds this e-mail (case ignored). */
  emailInUse(db: Knex, email: string, exceptId?: string): Promise<boolean>;
}

const emailTaken = (error: unknown) => violatedConstraint(error, 'uniqueViolation') === 'actors_email_unique';

async function mapEmailTaken<T>(write: () => PromiseLike<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (emailTaken(error)) throw new EmailTakenError();
    throw error;
  }
}

/** `changed` runs after every write (identity forgets the sessions it keeps). */
export function accountsService(changed: () => void): Accounts {
  const accounts: Accounts = {
    async create(db, actors) {
      if (!actors.length) return [];
      const rows: { id: string }[] = await mapEmailTaken(() =>
        db(ActorModel.tableName)
          .insert(actors.map((a) => ({ first_name: a.firstName, last_name: a.lastName, email: a.email, phone: a.phone ?? null, password_hash: a.passwordHash ?? null })))
          .returning('id'),
      );
      const ids = rows.map((row) => row.id);
      await accounts.grant(db, actors.flatMap((a, i) => a.rules.map((rule) => ({ actorId: ids[i]!, ...rule }))));
      changed();
      return ids;
    },

    async update(db, actorId, changes) {
      const columns = {
        first_name: changes.firstName,
        last_name: changes.lastName,
        email: changes.email,
        phone: changes.phone,
        archived: changes.archived,
      };
      const patch = Object.fromEntries(Object.entries(columns).filter(([, value]) => value !== undefined));
      await mapEmailTaken(() => ActorModel.query(db).findById(actorId).patch({ ...patch, updated_at: db.fn.now() } as unknown as Partial<ActorModel>));
      changed();
    },

    async grant(db, grants) {
      if (!grants.length) return 0;
      const inserted = await db(ActorAccessRuleModel.tableName)
        .insert(grants.map((g) => ({ actor_id: g.actorId, campus_id: g.campusId, typology: g.typology })))
        .onConflict(['actor_id', 'campus_id', 'typology'])
        .ignore()
        .returning('id');
      changed();
      return inserted.length;
    },

    async emailInUse(db, email, exceptId) {
      const query = ActorModel.query(db).whereRaw('lower(email) = lower(?)', [email]);
      if (exceptId) query.whereNot('id', exceptId);
      return !!(await query.first());
    },
  };
  return accounts;
}
