import { ApplicationFailure, WorkflowNotFoundError, WorkflowUpdateFailedError } from '@temporalio/client';
import {
  AccessDeniedError, defaultLanguage, download, FieldsRefusedError, isLanguage, managerTypologies, NotFoundError,
  type Actor, type FileDownload, type Knex, type Language, type Operation, type PermissionMatrix, type Translate,
} from '@alterna/core';
import { readValidationDelays } from '../config.js';
import { perm } from '../permissions.js';
import {
  cancellableKind, formFillers, formSignatories,
  type CancellableKind, type FormRole, type FormValidationState, type FormValidationView, type ValidationStatus,
} from '../validation/index.js';
import { reachable, signatories, type BookletsContext } from './context.js';
import type { BookletItemsService } from './items.js';
import { signedFormPdf } from './validation-pdf.js';
import { realNow } from '@alterna/core/clock';
import {
  bookletSignUpdate, bookletsWorkflows, bookletValidationFailures as failures,
  type BookletCancellationInput, type BookletSignature, type BookletSignatureState,
} from '../workflow-contract.js';

/** How long a signatory's request, or a cancellation, waits for the workflow's answer. */
const answerDeadlineMs = 15_000;

interface Recipient { id: string; email: string; language: string | null; name: string; role: FormRole }

export interface ValidationsService {
  state(actor: Actor | null, formId: string): Promise<FormValidationState>;
  /** The holder ticked the checkbox and confirmed: a validation run starts (business id `booklet-validation:<form>:<n>`). */
  start(actor: Actor | null, formId: string, language: Language, t: Translate): Promise<{ operation: Operation; validation: FormValidationState }>;
  /** The awaited signatory signs, from their space; the workflow records it. */
  sign(actor: Actor | null, formId: string, route: string, t: Translate): Promise<FormValidationState>;
  /** Cancels the current validation by its SPEC §2 path; waits a while for the run to make the form editable. */
  cancel(actor: Actor | null, formId: string, kind: CancellableKind, route: string, reason: string, language: Language, t: Translate): Promise<{ operation: Operation; validation: FormValidationState }>;
  /** The signed PDF of the standing validation, in the reader's language (the archived copy is in the centre's). */
  pdf(actor: Actor | null, formId: string, language: Language): Promise<FileDownload>;
  // Activities (idempotent).
  recordSignature(validationId: string, signature: BookletSignature): Promise<void>;
  remind(validationId: string, role: FormRole, kind: 'signatory' | 'staff'): Promise<number>;
  finish(validationId: string): Promise<{ fileId: string | null }>;
  withdraw(validationId: string): Promise<void>;
  recordCancellation(input: BookletCancellationInput): Promise<{ cancelled: boolean }>;
  mailCancellation(validationId: string): Promise<number>;
}

const iso = (value: unknown) => (value ? new Date(value as string).toISOString() : null);
const name = (row: { first_name: string; last_name: string }) => `${row.first_name} ${row.last_name}`;
const relationRole = { student: 'student', coach: 'coach', tutor: 'tutor' } as const;

export function validationsService(ctx: BookletsContext, deps: { items: BookletItemsService }): ValidationsService {
  const { knex, core } = ctx;
  const permissions: PermissionMatrix = ctx.permissions;
  // Read at start: a bad value stops the start rather than failing a validation request.
  const delays = readValidationDelays();

  /** The form as the actor sees it (404 out of reach), the roles they hold on it and its current validation. */
  async function load(actor: Actor | null, formId: string) {
    permissions.assert(actor, perm.formRead);
    const row = await knex('booklet_forms').where({ id: formId }).first('id', 'booklet_item_id', 'student_registration_id', 'validated_at', 'lock_holder_id');
    if (!row) throw new NotFoundError('booklet form');
    const registration = await reachable(ctx, actor, row.student_registration_id);
    const [item] = await deps.items.byIds(knex, [row.booklet_item_id]);
    const writes = permissions.isGranted(actor, perm.formWrite, registration.trainingGroup.campusId);
    const roles: FormRole[] = writes ? registration.relations.flatMap((relation) => (relation in relationRole ? [relationRole[relation as keyof typeof relationRole]] : [])) : [];
    const validations: any[] = await knex('booklet_validations as v')
      .leftJoin('identity_actors as r', 'r.id', 'v.requested_by')
      .leftJoin('identity_actors as c', 'c.id', 'v.cancelled_by')
      .where('v.form_id', formId).orderBy('v.run', 'desc')
      .select('v.*', 'r.first_name as r_first', 'r.last_name as r_last', 'c.first_name as c_first', 'c.last_name as c_last');
    const signatures: any[] = validations.length
      ? await knex('booklet_validation_signatures as s').leftJoin('identity_actors as a', 'a.id', 's.signer_id')
          .whereIn('s.validation_id', validations.map((v) => v.id)).orderBy('s.position')
          .select('s.*', 'a.first_name', 'a.last_name')
      : [];
    return { row, registration, item: item!, roles, validations, signatures };
  }

  type Loaded = Awaited<ReturnType<typeof load>>;

  async function present(loaded: Loaded, actor: Actor): Promise<FormValidationState> {
    const { item, roles, validations, signatures, registration } = loaded;
    const view = (v: any): FormValidationView => {
      const own = signatures.filter((s) => s.validation_id === v.id);
      const awaiting = v.status === 'pending' ? ((own.find((s) => !s.signed_at)?.role as FormRole | undefined) ?? null) : null;
      return {
        id: v.id, run: v.run, status: v.status as ValidationStatus, requestedAt: iso(v.requested_at)!, requestedBy: v.r_first ? `${v.r_first} ${v.r_last}` : null,
        validatedAt: iso(v.validated_at),
        signatures: own.map((s) => ({ role: s.role, signer: s.signed_at && s.first_name ? name(s) : null, signedAt: iso(s.signed_at), route: s.route ?? null })),
        awaiting, awaitingPeople: [], hasPdf: Boolean(v.pdf_file_id),
        cancelledAt: iso(v.cancelled_at), cancelledBy: v.c_first ? `${v.c_first} ${v.c_last}` : null, cancelReason: v.cancel_reason ?? null,
      };
    };
    const open = validations.find((v) => v.status !== 'cancelled');
    const current = open ? view(open) : null;
    if (current?.awaiting) current.awaitingPeople = (await recipients(registration.id, [current.awaiting])).map((person) => person.name);
    const holders = formFillers(item.modules);
    const kind = cancellableKind(item.modules);
    const signatories = formSignatories(item.modules);
    return {
      signatories,
      current,
      history: validations.filter((v) => v.status === 'cancelled').map(view),
      canValidate: !current && !loaded.row.validated_at && roles.some((role) => holders.includes(role)),
      canSign: Boolean(current?.awaiting && roles.includes(current.awaiting)),
      cancelKind: current && kind && mayCancel(loaded, actor, current.status) ? kind : null,
    };
  }

  /** Whether the actor gave one of their roles' signatures on the standing validation (pending or validated). */
  const signedBy = (loaded: Loaded, actorId: string) => {
    const standing = loaded.validations.find((v) => v.status !== 'cancelled');
    return standing !== undefined && loaded.signatures.some((s) =>
      s.validation_id === standing.id && s.signed_at && s.signer_id === actorId && loaded.roles.includes(s.role));
  };

  /**
   * Campus managers always; while signatures are pending, any signatory (withdrawing); once every signature is in,
   * besides the managers only the coach, on the forms the coach fills.
   */
  const mayCancel = (loaded: Loaded, actor: Actor, status: ValidationStatus) =>
    (loaded.registration.relations.includes('manager') && permissions.isGranted(actor, perm.formManage, loaded.registration.trainingGroup.campusId))
    || (status === 'pending'
      ? loaded.roles.some((role) => formSignatories(loaded.item.modules).includes(role))
      : loaded.roles.includes('coach') && formFillers(loaded.item.modules).includes('coach'));

  /** Why the actor may not cancel, as a 403 with the rule in words. */
  const cancelRefused = (loaded: Loaded, status: ValidationStatus, t: Translate): never => {
    const key = status === 'pending' ? 'notYours' : formFillers(loaded.item.modules).includes('coach') ? 'signedByAll' : 'signedByAllNoCoach';
    throw new FieldsRefusedError(403, [{ path: '', message: String(t(`booklets.signatures.${key}`)) }]);
  };

  /** The people who may give these roles' signatures for a registration: its coaches, its current company tutors, the apprentice. */
  const recipients = async (registrationId: string, roles: FormRole[], db: Knex | Knex.Transaction = knex): Promise<Recipient[]> =>
    (await signatories(db, [registrationId], roles)).map(({ id, email, language, name, role }) => ({ id, email, language, name, role }));

  /** A validation with its form, item, apprentice and group (workflow-side: no actor). */
  async function context(validationId: string, db: Knex | Knex.Transaction = knex) {
    const row = await db('booklet_validations as v')
      .join('booklet_forms as f', 'f.id', 'v.form_id')
      .join('booklet_items as i', 'i.id', 'f.booklet_item_id')
      .join('students_student_registrations as sr', 'sr.id', 'f.student_registration_id')
      .join('identity_actors as a', 'a.id', 'sr.student_id')
      .join('trainings_training_groups as tg', 'tg.id', 'sr.training_group_id')
      .where('v.id', validationId)
      .first('v.*', 'f.values', 'f.average_mark', 'f.student_registration_id', 'f.booklet_item_id', 'i.title', 'a.first_name', 'a.last_name', 'tg.name as group_name', 'tg.campus_id');
    return row ?? null;
  }

  /** One message per person, in their language: nobody sees another's address (a tutor never reads a parent's). */
  async function mail(to: Recipient[] | { email: string; language: string | null }[], write: (t: Translate) => { subject: string; text: string }) {
    const seen = new Set<string>();
    for (const person of to) {
      if (seen.has(person.email.toLowerCase())) continue;
      seen.add(person.email.toLowerCase());
      await core.mailer.send({ to: person.email, ...write(core.translator(isLanguage(person.language) ? person.language : defaultLanguage)) });
    }
    return seen.size;
  }

  const roleLabel = (t: Translate, role: FormRole) => String(t(`booklets.signatures.roles.${role}`));

  /** The signed form of a validated validation as a PDF in a language, from its records. */
  async function renderSigned(validationId: string, language: Language, db: Knex | Knex.Transaction) {
    const row = await context(validationId, db);
    const [item] = await deps.items.byIds(db, [row.booklet_item_id]);
    const signatures = await db('booklet_validation_signatures as s').join('identity_actors as a', 'a.id', 's.signer_id')
      .where('s.validation_id', validationId).orderBy('s.position').select('s.role', 's.signed_at', 's.route', 'a.first_name', 'a.last_name');
    const t = core.translator(language);
    const values = row.values ?? {};
    const bytes = await signedFormPdf({
      title: row.title, modules: item!.modules.map((m) => String(t(`booklets.modules.${m}`))), student: name(row), group: row.group_name,
      values: { tasks: values.tasks ?? [], skillMarks: values.skillMarks ?? [], note: values.note ?? '' }, validatedAt: new Date(row.validated_at), run: row.run,
      signatures: signatures.map((s: any) => ({ role: s.role, signer: name(s), signedAt: new Date(s.signed_at), route: s.route ?? '' })),
    }, t);
    const filename = `${row.title}-${row.last_name}-${row.run}.pdf`.normalize('NFD').replace(/[\u0300-\u036f]/g, '').replace(/[^A-Za-z0-9_.-]+/g, '-');
    return { bytes, filename };
  }

  /** Starts a validation's run through the operations registry (its business id is the validation's workflow id). */
  function startRun(actor: Actor, loaded: Loaded, validation: { id: string; workflow_id: string }, signatories: FormRole[], signed: FormRole[], t: Translate) {
    const student = name({ first_name: loaded.registration.student.firstName, last_name: loaded.registration.student.lastName });
    return core.operations.start({
      workflowType: bookletsWorkflows.validation, workflowId: validation.workflow_id, kind: bookletsWorkflows.validation,
      subject: `${loaded.item.title} - ${student}`, campusId: loaded.registration.trainingGroup.campusId, actor,
      args: [{
        validationId: validation.id, signatories, signed, ...delays,
        labels: Object.fromEntries(signatories.map((role) => [role, roleLabel(t, role)])),
        messages: { signed: String(t('booklets.signatures.progress.signed')), reminded: String(t('booklets.signatures.progress.reminded')), staffTold: String(t('booklets.signatures.progress.staffTold')) },
      }],
    });
  }

  return {
    async state(actor, formId) {
      return present(await load(actor, formId), actor!);
    },

    async start(actor, formId, _language, t) {
      const loaded = await load(actor, formId);
      const state = await present(loaded, actor!);
      if (loaded.row.validated_at || state.current) ctx.refuse(t, 'booklets.signatures.alreadyUnderWay');
      if (!state.canValidate) throw new AccessDeniedError();
      if (loaded.row.lock_holder_id && loaded.row.lock_holder_id !== actor!.id) ctx.refuse(t, 'booklets.signatures.lockedByOther');
      const signatories = formSignatories(loaded.item.modules);
      let inserted: { id: string; run: number; workflow_id: string };
      try {
        inserted = await knex.transaction(async (trx) => {
          // The holder's own lock goes: the form is frozen while it is signed.
          await trx('booklet_forms').where({ id: formId, lock_holder_id: actor!.id }).update({ lock_holder_id: null, locked_at: null });
          const { rows } = await trx.raw(
            `INSERT INTO booklet_validations (form_id, run, workflow_id, requested_by)
             SELECT :form, n, 'booklet-validation:' || :form || ':' || n, :actor FROM (SELECT coalesce(max(run), 0) + 1 AS n FROM booklet_validations WHERE form_id = :form) x
             RETURNING id, run, workflow_id`,
            { form: formId, actor: actor!.id },
          );
          const validation = rows[0];
          await trx('booklet_validation_signatures').insert(signatories.map((role, position) => ({ validation_id: validation.id, role, position })));
          return validation;
        });
      } catch (error) {
        // Another holder confirmed at the same moment: one validation per form.
        if ((error as { code?: string }).code === '23505') ctx.refuse(t, 'booklets.signatures.alreadyUnderWay');
        throw error;
      }
      try {
        const operation = await startRun(actor!, loaded, inserted, signatories, [], t);
        return { operation, validation: await present(await load(actor, formId), actor!) };
      } catch (error) {
        // Never started: no validation waits for a run that does not exist.
        await knex('booklet_validations').where({ id: inserted.id }).delete();
        throw error;
      }
    },

    async sign(actor, formId, route, t) {
      const loaded = await load(actor, formId);
      const signatories = formSignatories(loaded.item.modules);
      if (!loaded.roles.some((role) => signatories.includes(role))) throw new AccessDeniedError();
      const state = await present(loaded, actor!);
      // A signature this actor already gave, asked again (a second click, a retried request): the same answer, nothing recorded.
      const awaited = state.current?.awaiting;
      if (!(awaited && loaded.roles.includes(awaited)) && signedBy(loaded, actor!.id)) return state;
      const current = loaded.validations.find((v) => v.status === 'pending');
      if (!current || !state.current?.awaiting) ctx.refuse(t, 'booklets.signatures.nothingToSign');
      const role = state.current!.awaiting!;
      if (!loaded.roles.includes(role)) ctx.refuse(t, 'booklets.signatures.notYourTurn', '', { role: roleLabel(t, role) });
      // A validation written without a run (the demo seed) gets its run now, with the signatures it already has.
      if (!(await core.operations.byWorkflowId(current.workflow_id))) {
        const signed = state.current!.signatures.filter((s) => s.signedAt).map((s) => s.role);
        await startRun(actor!, loaded, current, signatories, signed, t);
      }
      const client = await core.temporal();
      try {
        await client.withDeadline(realNow() + answerDeadlineMs, () =>
          client.workflow.getHandle(current.workflow_id).executeUpdate<BookletSignatureState, [BookletSignature]>(bookletSignUpdate, { args: [{ role, signerId: actor!.id, route }] }));
      } catch (error) {
        if (error instanceof WorkflowUpdateFailedError && error.cause instanceof ApplicationFailure) {
          if (error.cause.type === failures.notAwaited) ctx.refuse(t, 'booklets.signatures.notYourTurn', '', { role: roleLabel(t, role) });
          if (error.cause.type === failures.closed) ctx.refuse(t, 'booklets.signatures.nothingToSign');
        }
        if (error instanceof WorkflowNotFoundError) ctx.refuse(t, 'booklets.signatures.nothingToSign');
        throw error;
      }
      return present(await load(actor, formId), actor!);
    },

    async cancel(actor, formId, kind, route, reason, _language, t) {
      const loaded = await load(actor, formId);
      // The path names the module: a mission's validation is not cancelled by the final evaluation's path.
      if (cancellableKind(loaded.item.modules) !== kind) throw new NotFoundError('booklet form');
      const current = loaded.validations.find((v) => v.status !== 'cancelled');
      if (!current) ctx.refuse(t, 'booklets.signatures.nothingToCancel');
      if (!mayCancel(loaded, actor!, current.status)) cancelRefused(loaded, current.status, t);
      // Undoing what everyone signed is said to them all, with why.
      if (current.status === 'validated' && !reason.trim()) ctx.refuse(t, 'booklets.signatures.reasonRequired', 'reason');
      const student = name({ first_name: loaded.registration.student.firstName, last_name: loaded.registration.student.lastName });
      const workflowId = `booklet-validation-cancel:${current.id}`;
      const input: BookletCancellationInput = {
        validationId: current.id, validationWorkflowId: current.workflow_id, actorId: actor!.id, reason, route, label: `${loaded.item.title} - ${student}`, status: current.status,
      };
      const operation = await core.operations.start({
        workflowType: bookletsWorkflows.validationCancellation, workflowId, kind: bookletsWorkflows.validationCancellation, subject: input.label,
        campusId: loaded.registration.trainingGroup.campusId, actor, args: [input],
      });
      // The page says "done" once the form is editable again; without a worker the run finishes later.
      const client = await core.temporal();
      const result: { cancelled?: boolean } | undefined = await client.withDeadline(realNow() + answerDeadlineMs, () => client.workflow.getHandle(workflowId).result()).catch(() => undefined);
      // The last signatures came in between: a withdrawal does not undo them.
      if (result && !result.cancelled) ctx.refuse(t, 'booklets.signatures.justSigned');
      return { operation: (await core.operations.byWorkflowId(workflowId)) ?? operation, validation: await present(await load(actor, formId), actor!) };
    },

    async pdf(actor, formId, language) {
      const loaded = await load(actor, formId);
      const standing = loaded.validations.find((v) => v.status === 'validated' && v.pdf_file_id);
      if (!standing) throw new NotFoundError('signed form');
      if (language === defaultLanguage) return core.files.download(standing.pdf_file_id);
      const { bytes, filename } = await renderSigned(standing.id, language, knex);
      return download({ filename, contentType: 'application/pdf', stream: bytes, size: bytes.length });
    },

    async recordSignature(validationId, signature) {
      // Only while pending, only once: a retry, or a signature after a cancellation, changes nothing.
      await knex('booklet_validation_signatures')
        .where({ validation_id: validationId, role: signature.role }).whereNull('signed_at')
        .whereExists(knex('booklet_validations').where({ id: validationId, status: 'pending' }))
        .update({ signer_id: signature.signerId, signed_at: knex.fn.now(), route: signature.route.slice(0, 200) });
    },

    async remind(validationId, role, kind) {
      return knex.transaction(async (trx) => {
        const validation = await context(validationId, trx);
        if (!validation || validation.status !== 'pending') return 0;
        const signatureOpen = await trx('booklet_validation_signatures').where({ validation_id: validationId, role }).whereNull('signed_at').first('role');
        if (!signatureOpen) return 0;
        // Recorded once; if the mail fails the row goes with the transaction and the retry sends it.
        const inserted = await trx('booklet_validation_reminders').insert({ validation_id: validationId, role, kind }).onConflict(['validation_id', 'role', 'kind']).ignore().returning('role');
        if (!inserted.length) return 0;
        const awaited = await recipients(validation.student_registration_id, [role], trx);
        const to = kind === 'signatory'
          ? awaited
          : await core.module('identity').visibility.rules(trx, { campuses: [validation.campus_id], typologies: managerTypologies })
              .join('identity_actors as a', 'a.id', 'r.actor_id').where('a.archived', false)
              .distinct('a.email', 'a.language').orderBy('a.email');
        const values = { title: validation.title, student: name(validation), group: validation.group_name, people: awaited.map((p) => p.name).join(', ') };
        const count = await mail(to, (t) => ({
          subject: String(t(`booklets.mail.${kind}.subject`, { ...values, role: roleLabel(t, role) })),
          text: String(t(`booklets.mail.${kind}.text`, { ...values, role: roleLabel(t, role) })),
        }));
        await trx('booklet_validation_reminders').where({ validation_id: validationId, role, kind }).update({ recipients: count });
        return count;
      });
    },

    async finish(validationId) {
      return knex.transaction(async (trx) => {
        const validation = await trx('booklet_validations').where({ id: validationId }).forUpdate().first();
        if (!validation || validation.status === 'cancelled') return { fileId: null };
        if (validation.status === 'pending') {
          const missing = await trx('booklet_validation_signatures').where({ validation_id: validationId }).whereNull('signed_at').first('role');
          if (missing) throw new Error(`validation ${validationId}: the ${missing.role} signature is missing`);
          await trx('booklet_validations').where({ id: validationId }).update({ status: 'validated', validated_at: trx.fn.now() });
          // Locked for good: nobody holds it any more and every save compares validated_at.
          await trx('booklet_forms').where({ id: validation.form_id }).update({ validated_at: trx.fn.now(), lock_holder_id: null, locked_at: null });
        }
        if (validation.pdf_file_id) return { fileId: validation.pdf_file_id as string };
        // Archived in the centre's language; a reader in another gets it rendered in theirs from the same records.
        const { bytes, filename } = await renderSigned(validationId, defaultLanguage, trx);
        // In the transaction: if the row is not written the bytes are deleted again.
        const stored = await core.files.save({ filename, contentType: 'application/pdf', size: bytes.length, bytes }, { module: 'booklets', actorId: validation.requested_by }, trx);
        await trx('booklet_validations').where({ id: validationId }).update({ pdf_file_id: stored.id });
        return { fileId: stored.id };
      });
    },

    async withdraw(validationId) {
      // Stopped from the operations page: the form is editable again. After a recorded cancellation this changes nothing.
      await knex('booklet_validations').where({ id: validationId, status: 'pending' }).update({ status: 'cancelled', cancelled_at: knex.fn.now(), cancel_route: 'operations' });
    },

    async recordCancellation(input) {
      return knex.transaction(async (trx) => {
        const [row] = await trx('booklet_validations').where({ id: input.validationId }).whereIn('status', input.status ? [input.status] : ['pending', 'validated'])
          .update({ status: 'cancelled', cancelled_by: input.actorId, cancelled_at: trx.fn.now(), cancel_reason: input.reason || null, cancel_route: input.route.slice(0, 200) })
          .returning(['form_id', 'cancelled_at']);
        if (row) {
          // On the form too: its history shows who cancelled, when and why, beside its saves.
          await trx('booklet_forms').where({ id: row.form_id })
            .update({ validated_at: null, validation_cancelled_by: input.actorId, validation_cancelled_at: row.cancelled_at, validation_cancel_reason: input.reason || null });
          return { cancelled: true };
        }
        // A retry after the commit finds its own record.
        const again = await trx('booklet_validations').where({ id: input.validationId, status: 'cancelled', cancelled_by: input.actorId, cancel_route: input.route.slice(0, 200) }).first('id');
        return { cancelled: Boolean(again) };
      });
    },

    async mailCancellation(validationId) {
      return knex.transaction(async (trx) => {
        const [marked] = await trx('booklet_validations').where({ id: validationId, status: 'cancelled' }).whereNull('cancellation_mailed_at')
          .update({ cancellation_mailed_at: trx.fn.now() }).returning('id');
        if (!marked) return 0;
        const row = await context(validationId, trx);
        const who = row.cancelled_by ? await trx('identity_actors').where({ id: row.cancelled_by }).first('first_name', 'last_name') : null;
        const signatories = (await trx('booklet_validation_signatures').where({ validation_id: validationId }).select('role')).map((s: any) => s.role as FormRole);
        const to = await recipients(row.student_registration_id, signatories, trx);
        const values = { title: row.title, student: name(row), group: row.group_name, who: who ? name(who) : '-', reason: row.cancel_reason ?? '-' };
        // Every signatory, the one who cancelled included (their receipt).
        return mail(to, (t) => ({
          subject: String(t('booklets.mail.cancelled.subject', values)), text: String(t('booklets.mail.cancelled.text', values)),
        }));
      });
    },
  };
}
