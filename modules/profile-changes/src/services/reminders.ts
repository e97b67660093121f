import type { Actor, CoreDeps, Language } from '@alterna/core';
import { fn, defaultLanguage, isLanguage } from '@alterna/core';
import { formatDateTime } from '@alterna/core/validation';
import { perm } from '../permissions.js';
import { fullName, selectRequests, toRequest, type ProfileChangeRequest } from './store.js';
import { ProfileChangeRequestModel } from '../models/index.js';

export interface RemindersService {
  /** E-mails the approvers of a still-pending request's campus, once; answers how many were written to. */
  send(requestId: string): Promise<number>;
}

interface Approver {
  email: string;
  language: string | null;
}


export function remindersService(core: CoreDeps): RemindersService {
  const { knex, mailer, permissions } = core;
  const identity = () => core.module('identity');
  const editing = () => core.module('people').actors;

  /** Whether that approver may edit the person (the people module's rule, as `decide` checks it). */
  const mayEdit = async (approver: Actor, personId: string) => (await editing().changeable(approver, [personId])).has(personId);

  /**
   * Who may decide it, as `decide` would let them: approvers of its campus (never read-only) who may edit
   * the person, neither the person nor the filer.
   */
  async function approversOf(request: ProfileChangeRequest): Promise<Approver[]> {
    const onCampus = await identity().visibility.peopleOn([request.campus.id], permissions.get(perm.requestDecide).typologies);
    const excluded = new Set([request.person.id, ...(request.requestedBy ? [request.requestedBy.id] : [])]);
    // Archived actors are not loaded; the approvers of a campus are few, one small query each.
    const candidates = await identity().loadActors(onCampus.filter((id) => !excluded.has(id)));
    const allowed = await Promise.all(candidates.map((approver) => mayEdit(approver, request.person.id)));
    return candidates
      .filter((_, i) => allowed[i])
      .map((approver) => ({ email: approver.email, language: approver.language }))
      .sort((a, b) => a.email.localeCompare(b.email));
  }

  async function write(request: ProfileChangeRequest, language: Language, to: string[]) {
    // Mails are written outside any request: in each approver's language.
    const t = core.translator(language);
    const lines = request.changes.map((change) =>
      t('profile-changes.reminder.change', { field: t(`profile-changes.fields.${change.field}`), from: change.from, to: change.to }),
    );
    const values = { person: fullName(request.person), campus: request.campus.name, expiresAt: formatDateTime(request.expiresAt, language) };
    await mailer.send({
      to,
      subject: t('profile-changes.reminder.subject', values),
      text: [t('profile-changes.reminder.intro', values), '', ...lines, '', t('profile-changes.reminder.expires', values), t('profile-changes.reminder.where')].join('\n'),
    });
  }

  return {
    async send(requestId) {
      const row = await selectRequests(knex).where('r.id', requestId).first();
      // Decided meanwhile, or reminded by an earlier attempt: nothing more to say.
      if (!row || row.status !== 'pending' || row.reminded_at) return 0;
      const request = toRequest(row);
      const approvers = await approversOf(request);
      const byLanguage = new Map<Language, string[]>();
      for (const approver of approvers) {
        const language = isLanguage(approver.language) ? approver.language : defaultLanguage;
        byLanguage.set(language, [...(byLanguage.get(language) ?? []), approver.email]);
      }
      for (const [language, to] of byLanguage) await write(request, language, to);
      await ProfileChangeRequestModel.query(knex).findById(requestId).patch({ reminded_at: fn.now(), updated_at: fn.now() });
      return approvers.length;
    },
  };
}
