import { AccessDeniedError, FieldsRefusedError, NotFoundError, todayIn, type Actor, type PermissionMatrix, type Translate } from '@alterna/core';
import { perm } from '../permissions.js';
import { averageMark, formFillers, hasSkillMarks, type BookletModule, type FormRole, type FormSaveInput } from '../validation/index.js';
import { currentRegistration, reachable, signatories, type BookletsContext, type Registration, type Relation } from './context.js';
import { parisTimeFor } from './when.js';
import type { BookletItem, BookletItemsService } from './items.js';
import type { ThesisService } from './thesis.js';
import { now } from '@alterna/core/clock';

/** SPEC §3 evaluation form values, as saved. */
export interface FormValues {
  tasks: string[];
  skillMarks: { skill: string; mark: number | null; comment: string }[];
  note: string;
  updatedAt: string;
}

/** SPEC §7 check-lock: who holds the lock and since when, and when the form was last saved. */
export interface LockState {
  userLogin: string | null;
  userFullName: string | null;
  timestamp: string | null;
  lastEditTimestamp: string;
  version: number;
  mine: boolean;
}

export interface BookletForm {
  id: string;
  item: BookletItem;
  registration: Pick<Registration, 'id' | 'student' | 'trainingGroup'>;
  values: FormValues;
  averageMark: number;
  version: number;
  lock: LockState;
  validatedAt: string | null;
  /** Who fills it (by the item's modules), and whether the actor is one of them. */
  fillers: FormRole[];
  canEdit: boolean;
  /** Whether the actor may force another person's lock open (a filler, or a campus manager). */
  canUnlock: boolean;
}

/** A validation collecting signatures: whose turn it is (role and people) and since when. */
export interface PendingValidation { awaiting: FormRole; awaitingPeople: string[]; requestedAt: string }

export interface BookletFormSummary {
  id: string; itemId: string; title: string; position: number; modules: BookletModule[]; version: number;
  /** The average of the marked skills; null while none is marked (shown "—", not 0). */
  averageMark: number | null;
  updatedAt: string;
  validatedAt: string | null; lockedBy: string | null;
  /** The item's date, or its end date; late once passed and the form still not validated. */
  due: string | null;
  late: boolean;
  validation: PendingValidation | null;
  /** The awaited signature is the actor's. */
  myTurn: boolean;
  /** The actor fills it and it is still open (not validated, no signatures being collected). */
  toFill: boolean;
}

export interface BookletSummary {
  registration: Pick<Registration, 'id' | 'student' | 'trainingGroup' | 'relations'>;
  forms: BookletFormSummary[];
}

export interface SaveResult {
  success: true;
  locked: boolean;
  version: number;
  updatedValues: FormValues;
}

export interface BookletFormsService {
  /**
   * The apprentices the actor follows (coach, tutor, contact) or is (student), each with their booklet's forms: their
   * registration of the current school year, or every registration when asked (`all`).
   */
  mine(actor: Actor | null, registrations?: 'current' | 'all'): Promise<BookletSummary[]>;
  /** A training group's booklets at a glance (staff of its campus). */
  group(actor: Actor | null, trainingGroupId: string): Promise<BookletSummary[]>;
  booklet(actor: Actor | null, registrationId: string): Promise<BookletSummary>;
  form(actor: Actor | null, id: string): Promise<BookletForm>;
  checkLock(actor: Actor | null, id: string): Promise<LockState>;
  setLock(actor: Actor | null, id: string, force: boolean, t: Translate): Promise<LockState>;
  releaseLock(actor: Actor | null, id: string, force: boolean, t: Translate): Promise<LockState>;
  save(actor: Actor | null, id: string, input: FormSaveInput, t: Translate): Promise<SaveResult>;
}

const iso = (value: unknown) => (value instanceof Date ? value.toISOString() : new Date(String(value)).toISOString());
/** A validation collecting signatures: the form is frozen meanwhile (what is signed is what was validated). */
const pendingValidation = (form: string) => `EXISTS (SELECT 1 FROM booklet_validations v WHERE v.form_id = ${form} AND v.status = 'pending')`;
const roleOf: Partial<Record<Relation, FormRole>> = { student: 'student', coach: 'coach', tutor: 'tutor' };

export function bookletFormsService(ctx: BookletsContext, deps: { items: BookletItemsService; thesis: ThesisService }): BookletFormsService {
  const { knex } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;

  /** The roles the actor may fill and sign with on a registration (a relation, and the write permission on its campus). */
  const rolesOn = (actor: Actor, registration: Registration): FormRole[] =>
    permissions.isGranted(actor, perm.formWrite, registration.trainingGroup.campusId)
      ? registration.relations.flatMap((relation) => (roleOf[relation] ? [roleOf[relation]!] : []))
      : [];

  /** The forms of registrations with their items, pending validations and awaited people: four statements whatever the count. */
  async function summaries(actor: Actor, registrations: Registration[]): Promise<BookletSummary[]> {
    const ids = registrations.map((registration) => registration.id);
    await ctx.ensureForms(knex, ids);
    const rows: any[] = ids.length
      ? await knex('booklet_forms as f')
          .leftJoin('identity_actors as h', 'h.id', 'f.lock_holder_id')
          .leftJoin('booklet_validations as v', (on) => on.on('v.form_id', 'f.id').andOnVal('v.status', 'pending'))
          .whereIn('f.student_registration_id', ids)
          .select('f.id', 'f.booklet_item_id', 'f.student_registration_id', 'f.version', 'f.average_mark', 'f.updated_at', 'f.validated_at', 'v.requested_at',
            knex.raw(`EXISTS (SELECT 1 FROM jsonb_array_elements(coalesce(f.values->'skillMarks', '[]'::jsonb)) m WHERE jsonb_typeof(m->'mark') = 'number') AS marked`),
            knex.raw("nullif(concat_ws(' ', h.first_name, h.last_name), '') AS locked_by"),
            knex.raw('(SELECT s.role FROM booklet_validation_signatures s WHERE s.validation_id = v.id AND s.signed_at IS NULL ORDER BY s.position LIMIT 1) AS awaiting'))
      : [];
    const items = new Map((await deps.items.byIds(knex, [...new Set(rows.map((row) => row.booklet_item_id))])).map((item) => [item.id, item]));
    const awaited = await signatories(knex, [...new Set(rows.filter((row) => row.awaiting).map((row) => row.student_registration_id as string))], ['student', 'coach', 'tutor']);
    const today = todayIn('Europe/Paris');
    return registrations.map((registration) => {
      const roles = rolesOn(actor, registration);
      return {
        registration,
        forms: rows
          .filter((row) => row.student_registration_id === registration.id && items.has(row.booklet_item_id))
          .map((row): BookletFormSummary => {
            const item = items.get(row.booklet_item_id)!;
            const due = item.endDate ?? item.date;
            const validation: PendingValidation | null = row.requested_at
              ? {
                  awaiting: row.awaiting, requestedAt: iso(row.requested_at),
                  awaitingPeople: awaited.filter((p) => p.registrationId === registration.id && p.role === row.awaiting).map((p) => p.name),
                }
              : null;
            return {
              id: row.id, itemId: item.id, title: item.title, position: item.position, modules: item.modules, version: row.version,
              averageMark: row.marked ? Number(row.average_mark) : null,
              updatedAt: iso(row.updated_at), validatedAt: row.validated_at ? iso(row.validated_at) : null, lockedBy: row.locked_by ?? null,
              due, late: Boolean(due && due < today && !row.validated_at), validation,
              myTurn: Boolean(validation && roles.includes(validation.awaiting)),
              toFill: !row.validated_at && !validation && formFillers(item.modules).some((role) => roles.includes(role)),
            };
          })
          .sort((a, b) => a.position - b.position),
      };
    });
  }

  /** The form's row and registration as the actor sees it (404 when out of reach), and what the actor may do. */
  async function load(actor: Actor | null, id: string) {
    permissions.assert(actor, perm.formRead);
    const row = await knex('booklet_forms as f')
      .leftJoin('identity_actors as h', 'h.id', 'f.lock_holder_id')
      .where('f.id', id)
      .first('f.*', 'h.email as holder_email', 'h.first_name as holder_first', 'h.last_name as holder_last', knex.raw(`${pendingValidation('f.id')} AS validation_pending`));
    if (!row) throw new NotFoundError('booklet form');
    const registration = await reachable(ctx, actor, row.student_registration_id);
    const [item] = await deps.items.byIds(knex, [row.booklet_item_id]);
    const fillers = formFillers(item!.modules);
    // Frozen while its signatures are collected, locked for good once validated.
    const canEdit = !row.validated_at && !row.validation_pending && registration.relations.some((relation) => {
      const role = roleOf[relation];
      return role && fillers.includes(role) && permissions.isGranted(actor, perm.formWrite, registration.trainingGroup.campusId);
    });
    const canUnlock = !row.validated_at && (canEdit || registration.relations.includes('manager'));
    return { row, registration, item: item!, fillers, canEdit, canUnlock };
  }

  const lockState = (row: any, actor: Actor): LockState => ({
    userLogin: row.holder_email ?? null,
    userFullName: row.lock_holder_id ? `${row.holder_first} ${row.holder_last}` : null,
    timestamp: row.locked_at ? iso(row.locked_at) : null,
    lastEditTimestamp: iso(row.updated_at),
    version: row.version,
    mine: row.lock_holder_id === actor.id,
  });

  async function freshLock(actor: Actor, id: string) {
    const row = await knex('booklet_forms as f').leftJoin('identity_actors as h', 'h.id', 'f.lock_holder_id').where('f.id', id)
      .first('f.lock_holder_id', 'f.locked_at', 'f.updated_at', 'f.version', 'f.lock_broken_holder_id', 'h.email as holder_email', 'h.first_name as holder_first', 'h.last_name as holder_last');
    return { state: lockState(row, actor), brokenHolder: row.lock_broken_holder_id as string | null };
  }

  /** "Locked by X since <Paris time, the reader's language>". */
  const lockedBy = (t: Translate, state: LockState, key = 'booklets.lock.lockedBy') =>
    ctx.refuse(t, key, '', { name: state.userFullName, since: parisTimeFor(t, state.timestamp!) });

  function values(row: any, skills: string[], item: BookletItem): FormValues {
    const saved = row.values ?? {};
    const skillMarks = saved.skillMarks?.length || !hasSkillMarks(item.modules) ? (saved.skillMarks ?? []) : skills.map((skill) => ({ skill, mark: null, comment: '' }));
    return { tasks: saved.tasks ?? [], skillMarks, note: saved.note ?? '', updatedAt: iso(row.updated_at) };
  }

  return {
    async mine(actor, which = 'current') {
      permissions.assert(actor, perm.formRead);
      const me = actor.id;
      const registrations = await ctx.registrations(actor, (qb) =>
        qb.where((w) => (which === 'current' ? w.whereRaw(currentRegistration('tg'), [todayIn()]) : w)).where((w) => w.where('sr.student_id', me)
          .orWhereExists(knex('teaching_coach_attributions as ca').where('ca.coach_id', me).whereRaw('ca.student_id = sr.student_id'))
          .orWhereExists(knex('students_student_contracts as sc').join('people_corporation_people as cp', 'cp.corporation_id', 'sc.corporation_id')
            .where('cp.actor_id', me).whereRaw('sc.registration_id = sr.id AND ?::date BETWEEN sc.start_date AND sc.end_date', [todayIn()]))));
      // Staff relations alone do not make an apprentice "mine".
      return summaries(actor, registrations.filter((registration) => registration.relations.some((relation) => relation !== 'staff' && relation !== 'manager')));
    },
    async group(actor, trainingGroupId) {
      permissions.assert(actor, perm.formReadAll);
      const registrations = await ctx.registrations(actor, (qb) => qb.where('tg.id', trainingGroupId));
      const visible = registrations.filter((registration) => registration.relations.includes('staff'));
      if (!visible.length && !(await knex('trainings_training_groups').where('id', trainingGroupId).first('campus_id').then((g) => g && permissions.isGranted(actor, perm.formReadAll, g.campus_id)))) {
        throw new NotFoundError('training group');
      }
      return summaries(actor, visible);
    },
    async booklet(actor, registrationId) {
      const registration = await reachable(ctx, actor, registrationId);
      return (await summaries(actor!, [registration]))[0]!;
    },
    async form(actor, id) {
      const { row, registration, item, fillers, canEdit, canUnlock } = await load(actor, id);
      const skills = hasSkillMarks(item.modules) ? ((await deps.thesis.skillNames([item.trainingId])).get(item.trainingId) ?? []) : [];
      return {
        id, item, registration: { id: registration.id, student: registration.student, trainingGroup: registration.trainingGroup },
        values: values(row, skills, item), averageMark: Number(row.average_mark), version: row.version, lock: lockState(row, actor!),
        validatedAt: row.validated_at ? iso(row.validated_at) : null, fillers, canEdit, canUnlock,
      };
    },
    async checkLock(actor, id) {
      const { row } = await load(actor, id);
      return lockState(row, actor!);
    },
    async setLock(actor, id, force, t) {
      const { canEdit } = await load(actor, id);
      if (!canEdit) throw new AccessDeniedError();
      // Taken when free or already ours; with force (after the SPEC §8 warning) from whoever holds it.
      const taken = await knex('booklet_forms')
        .where({ id }).whereNull('validated_at').whereRaw(`NOT ${pendingValidation('booklet_forms.id')}`)
        .where((w) => (force ? w : w.whereNull('lock_holder_id').orWhere('lock_holder_id', actor!.id)))
        .update({
          lock_holder_id: actor!.id, locked_at: knex.raw('CASE WHEN lock_holder_id = ? THEN locked_at ELSE ?::timestamptz END', [actor!.id, now()]),
          // A forced take names the holder it displaced; taking it back clears one's own name.
          lock_broken_holder_id: knex.raw('CASE WHEN lock_holder_id <> ? THEN lock_holder_id WHEN lock_broken_holder_id = ? THEN NULL ELSE lock_broken_holder_id END', [actor!.id, actor!.id]),
        });
      const { state } = await freshLock(actor!, id);
      if (!taken) lockedBy(t, state);
      return state;
    },
    async releaseLock(actor, id, force, t) {
      const { canUnlock } = await load(actor, id);
      if (force && !canUnlock) throw new FieldsRefusedError(403, [{ path: '', message: t('booklets.lock.mayNotUnlock') as string }]);
      // Forcing another's lock names them: their next save is told their changes were lost (nobody else's is).
      await knex('booklet_forms').where({ id }).where((w) => (force ? w.whereNotNull('lock_holder_id') : w.where('lock_holder_id', actor!.id)))
        .update({ lock_holder_id: null, locked_at: null, ...(force ? { lock_broken_holder_id: knex.raw('CASE WHEN lock_holder_id = ? THEN lock_broken_holder_id ELSE lock_holder_id END', [actor!.id]) } : {}) });
      return (await freshLock(actor!, id)).state;
    },
    async save(actor, id, input, t) {
      const { canEdit, row: before } = await load(actor, id);
      if (!canEdit) {
        if (before.validated_at) ctx.refuse(t, 'booklets.lock.validated');
        if (before.validation_pending) ctx.refuse(t, 'booklets.signatures.frozen');
        throw new AccessDeniedError();
      }
      const quit = input.action === 'save_and_quit';
      const saved = { tasks: input.values.tasks, skillMarks: input.values.skillMarks.map((s) => ({ skill: s.skill, mark: s.mark ?? null, comment: s.comment })), note: input.values.note };
      // No lost update: the write happens only if the actor still holds the lock and nobody saved since their version.
      const [row] = await knex('booklet_forms')
        .where({ id, lock_holder_id: actor!.id, version: input.version }).whereNull('validated_at')
        .whereRaw(`NOT ${pendingValidation('booklet_forms.id')}`)
        .update({
          values: JSON.stringify(saved), average_mark: averageMark(saved.skillMarks), version: knex.raw('version + 1'), updated_by: actor!.id, updated_at: knex.fn.now(),
          ...(quit ? { lock_holder_id: null, locked_at: null } : {}),
        })
        .returning(['version', 'updated_at']);
      if (!row) {
        const { state, brokenHolder } = await freshLock(actor!, id);
        if (state.mine) ctx.refuse(t, 'booklets.lock.stale');
        // Only the person whose lock was forced open lost changes; anyone else simply never held it.
        if (brokenHolder === actor!.id) ctx.refuse(t, state.userFullName ? 'booklets.lock.lostTo' : 'booklets.lock.lost', '', { name: state.userFullName });
        if (state.userLogin) lockedBy(t, state, 'booklets.lock.takeFirstFrom');
        ctx.refuse(t, 'booklets.lock.takeFirst');
      }
      return { success: true, locked: !quit, version: row.version, updatedValues: { ...saved, updatedAt: iso(row.updated_at) } };
    },
  };
}
