import { isPgError, AccessDeniedError, NotFoundError, NotLoggedInError, ValidationError, validate, type Actor, type CoreDeps, type PermissionMatrix, type Translate } from '@alterna/core';
import {
  isProfileChangeTransition,
  profileChangesWorkflows,
  profileChangeStatuses,
  profileChangeTransitions,
  type ProfileChangeStatus,
} from '../workflow-contract.js';
import { perm } from '../permissions.js';
import type { ProfileChangeDelays } from '../config.js';
import { profileChangeSchema, profileFields, type ProfileField } from '../validation/index.js';
import { fullName, selectRequests, table, toRequest, workflowIdOf, type ProfileChangeRequest } from './store.js';
import { coreTemporalClient, deliverDecision } from './workflow-client.js';
import { ProfileChangeRequestModel } from '../models/index.js';

/** A request with what the viewer may do and its reason in the viewer's language. */
export interface ProfileChangeRequestView extends ProfileChangeRequest {
  canDecide: boolean;
  failureMessage: string | null;
}

export interface FileInput {
  /** Another actor's id (staff who may edit them, by the people module's rule); absent for one's own profile. */
  actorId?: string | null;
  firstName?: unknown;
  lastName?: unknown;
  email?: unknown;
}

export interface RequestsService {
  /** Files a request and starts its workflow; answers the request as the filer sees it. */
  file(actor: Actor | null, input: FileInput, t: Translate): Promise<ProfileChangeRequestView>;
  /** The inbox: requests of the viewer's campuses (narrowed to campusList), newest first. */
  list(actor: Actor, filter: { status?: string | null; campusList?: string[] | null }, t: Translate): Promise<ProfileChangeRequestView[]>;
  /** The viewer's own requests, newest first. */
  mine(actor: Actor, t: Translate): Promise<ProfileChangeRequestView[]>;
  /**
   * Approves or rejects (SPEC §4 named transition); answers the request in its new state, or still pending
   * with a notice when the workflow could not confirm in time (no worker running: it is carried out later).
   */
  decide(actor: Actor, id: string, transition: string, t: Translate): Promise<{ request: ProfileChangeRequestView; notice: string | null }>;
}

export function requestsService(core: CoreDeps, delays: ProfileChangeDelays): RequestsService {
  const { knex } = core;
  // Typed explicitly: TypeScript only narrows through `assert` on a declared type.
  const permissions: PermissionMatrix = core.permissions;
  const identity = () => core.module('identity');
  // Changing someone's profile through a request needs what editing it directly needs: the people module's rule.
  const editing = () => core.module('people').actors;
  const temporal = coreTemporalClient(core);

  /** What `decide` checks before the people rule: pending, neither about nor filed by the viewer, decidable on its campus. */
  const mayDecideHere = (request: ProfileChangeRequest, viewer: Actor) =>
    request.status === 'pending' &&
    request.person.id !== viewer.id &&
    request.requestedBy?.id !== viewer.id &&
    permissions.isGranted(viewer, perm.requestDecide, request.campus.id);

  /** The requests as the viewer sees them; the people rule is checked for all of them in one query. */
  async function views(requests: ProfileChangeRequest[], viewer: Actor, t: Translate): Promise<ProfileChangeRequestView[]> {
    const editable = await editing().changeable(viewer, requests.filter((r) => mayDecideHere(r, viewer)).map((r) => r.person.id));
    return requests.map((request) => ({
      ...request,
      canDecide: mayDecideHere(request, viewer) && editable.has(request.person.id),
      failureMessage: request.failureReason ? t(request.failureReason) : null,
    }));
  }
  const view = async (request: ProfileChangeRequest, viewer: Actor, t: Translate) => (await views([request], viewer, t))[0]!;

  const load = async (id: string) => {
    const row = await selectRequests(knex).where('r.id', id).first();
    return row ? toRequest(row) : null;
  };

  const emailTaken = (email: string, actorId: string) => identity().accounts.emailInUse(knex, email, actorId);

  const notPending = (request: ProfileChangeRequest, t: Translate) =>
    new ValidationError([{ path: '', message: t('profile-changes.notPending', { status: t(`profile-changes.status.${request.status}`) }) }]);

  /** The campus a request belongs to: the person's own first campus, or the first the filer may file on (all of them, once the people rule passed). */
  function campusFor(filer: Actor, person: Actor, t: Translate): string {
    const personCampuses = [...new Set(person.rules.map((rule) => rule.campusId))];
    if (filer.id === person.id) {
      const campus = personCampuses[0];
      if (!campus) throw new ValidationError([{ path: '', message: t('profile-changes.noCampus') }]);
      return campus;
    }
    const allowed = permissions.campusesFor(filer, perm.requestFile);
    const campus = personCampuses.find((id) => allowed.includes(id));
    if (!campus) throw new AccessDeniedError();
    return campus;
  }

  /** The operations page's item texts, in the filer's language (workflow code cannot translate). */
  const progressMessages = (t: Translate) => ({
    approved: t('profile-changes.progress.approved', { name: '{{name}}' }),
    rejected: t('profile-changes.progress.rejected', { name: '{{name}}' }),
    expired: t('profile-changes.progress.expired'),
    failed: t('profile-changes.progress.failed'),
    cancelled: t('profile-changes.progress.cancelled'),
    reminded: t('profile-changes.progress.reminded'),
    reminderFailed: t('profile-changes.progress.reminderFailed'),
  });

  return {
    async file(actor, input, t) {
      if (!actor) throw new NotLoggedInError();
      const forSomeoneElse = !!input.actorId && input.actorId !== actor.id;
      if (forSomeoneElse && !permissions.isGranted(actor, perm.requestFile)) throw new AccessDeniedError();
      const person = forSomeoneElse ? await identity().loadActor(input.actorId!) : actor;
      if (!person) throw new NotFoundError('Not found.');
      // One campus in common is not enough: a Lyon manager must not rename someone who is also on Paris.
      if (forSomeoneElse) await editing().assertChangeable(actor, person.id, t);
      const values = await validate(profileChangeSchema, input, t);
      const campusId = campusFor(actor, person, t);

      const changes: Partial<Record<ProfileField, string>> = {};
      const previous: Partial<Record<ProfileField, string>> = {};
      for (const field of profileFields) {
        if (values[field] === person[field]) continue;
        changes[field] = values[field];
        previous[field] = person[field];
      }
      if (!Object.keys(changes).length) throw new ValidationError([{ path: '', message: t('profile-changes.nothingToChange') }]);
      if (changes.email && (await emailTaken(changes.email, person.id))) {
        throw new ValidationError([{ path: 'email', message: t('identity.profile.emailTaken') }]);
      }
      const alreadyPending = () => new ValidationError([{ path: '', message: t('profile-changes.alreadyPending') }]);
      if (await knex(table).where({ actor_id: person.id, status: 'pending' }).first('id')) throw alreadyPending();

      let id: string;
      try {
        const [created] = await knex(table)
          .insert({
            actor_id: person.id,
            requested_by: actor.id,
            campus_id: campusId,
            changes: JSON.stringify(changes),
            previous: JSON.stringify(previous),
            // From the row's own created_at (the database's time), which the workflow's delays count from too.
            expires_at: knex.raw('now() + make_interval(secs => ?)', [delays.expirySeconds]),
          })
          .returning('id');
        if (!created) throw new Error('profile-changes: the insert returned no row');
        id = created.id;
      } catch (error) {
        if (isPgError(error, 'uniqueViolation')) throw alreadyPending();
        throw error;
      }
      try {
        await core.operations.start({
          workflowType: profileChangesWorkflows.transition,
          workflowId: workflowIdOf(id),
          kind: profileChangesWorkflows.transition,
          subject: fullName(person),
          campusId,
          actor,
          args: [{ requestId: id, label: fullName(person), reminderSeconds: delays.reminderSeconds, expirySeconds: delays.expirySeconds, messages: progressMessages(t) }],
        });
      } catch (error) {
        // No workflow, no request: a pending row nobody could ever decide would block the next one.
        await ProfileChangeRequestModel.query(knex).deleteById(id);
        throw error;
      }
      return view((await load(id))!, actor, t);
    },

    async list(actor, filter, t) {
      let campuses = permissions.campusesFor(actor, perm.requestRead);
      if (filter.campusList) campuses = campuses.filter((id) => filter.campusList!.includes(id));
      if (filter.status && !(profileChangeStatuses as readonly string[]).includes(filter.status)) {
        throw new ValidationError([{ path: 'status', message: t('validation.oneOf', { values: profileChangeStatuses.join(', ') }) }]);
      }
      if (!campuses.length) return [];
      const query = selectRequests(knex).whereIn('r.campus_id', campuses).orderBy('r.created_at', 'desc').limit(500);
      if (filter.status) query.where('r.status', filter.status as ProfileChangeStatus);
      return views((await query).map(toRequest), actor, t);
    },

    async mine(actor, t) {
      const rows = await selectRequests(knex).where('r.actor_id', actor.id).orderBy('r.created_at', 'desc').limit(50);
      return views(rows.map(toRequest), actor, t);
    },

    async decide(actor, id, transition, t) {
      if (!isProfileChangeTransition(transition)) {
        throw new ValidationError([{ path: 'transition', message: t('profile-changes.unknownTransition', { transition, allowed: profileChangeTransitions.join(', ') }) }]);
      }
      const request = await load(id);
      if (!request) throw new NotFoundError('Not found.');
      permissions.assert(actor, perm.requestDecide, request.campus.id);
      if (request.person.id === actor.id) throw new ValidationError([{ path: '', message: t('profile-changes.ownRequest') }]);
      // Four eyes: whoever asked for a change of someone else's profile does not also grant it.
      if (request.requestedBy?.id === actor.id) throw new ValidationError([{ path: '', message: t('profile-changes.ownFiling') }]);
      await editing().assertChangeable(actor, request.person.id, t);
      if (request.status !== 'pending') throw notPending(request, t);
      // Checked before the workflow is told, so that the request stays pending and the approver can reject it.
      const email = request.changes.find((change) => change.field === 'email')?.to;
      if (transition === 'approve' && email && (await emailTaken(email, request.person.id))) {
        throw new ValidationError([{ path: 'email', message: t('identity.profile.emailTaken') }]);
      }
      const result = await deliverDecision(await temporal(), id, { transition, deciderId: actor.id, deciderName: fullName(actor) });
      const now = (await load(id))!;
      if (!result.delivered) {
        if (result.reason === 'unreachable') return { request: await view(now, actor, t), notice: t('profile-changes.unconfirmed') };
        if (result.reason === 'unknownTransition') {
          throw new ValidationError([{ path: 'transition', message: t('profile-changes.unknownTransition', { transition, allowed: profileChangeTransitions.join(', ') }) }]);
        }
        // Still pending here means another approver's decision is being carried out right now.
        if (now.status === 'pending') throw new ValidationError([{ path: '', message: t('profile-changes.beingDecided') }]);
        throw notPending(now, t);
      }
      return { request: await view(now, actor, t), notice: null };
    },
  };
}
