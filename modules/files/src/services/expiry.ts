import { defaultLanguage, fn, isLanguage, pageByCreation, todayIn, type Language } from '@alterna/core';
import { formatDate } from '@alterna/core/validation';
import { FilesExpiryNoticeModel } from '../models/index.js';
import type { FilesContext } from './context.js';
import type { ExpiryCursor } from '../workflow-contract.js';

export interface ExpiryService {
  /**
   * The daily run's first step, for `day` (today in Paris by default): records a warning for every file expiring
   * within the warning window, and unpublishes the files past their date — each in one statement that records
   * its notice, unique per file, kind and expiration date, so a rerun finds nothing new. Returns how many of each.
   */
  record(day?: string): Promise<{ warned: number; unpublished: number }>;
  /**
   * The daily run's next steps, a page each: mails the first `limit` warnings not mailed yet after `after` (in the
   * order they were recorded; null: from the first, which takes those an earlier run left too); the next page's cursor, or null.
   */
  mailPage(after: ExpiryCursor | null, limit: number): Promise<{ mailed: number; next: ExpiryCursor | null }>;
  /** Before the paging (the runs started before it): `record`, and all the warnings left to mail (5,000 at most). */
  run(day?: string): Promise<{ warned: number; unpublished: number; pending: string[] }>;
  /** Mails those of the warnings not mailed yet among `ids`, each to the file's owner in their language; how many were mailed. */
  send(ids: string[]): Promise<number>;
}

export function expiryService(ctx: FilesContext): ExpiryService {
  const { knex, core } = ctx;
  const service: ExpiryService = {
    async record(on) {
      const day = on ?? todayIn();
      const warned = await knex.raw(
        `INSERT INTO files_expiry_notices (file_id, kind, expiration_date, day)
         SELECT d.id, 'warning', d.expiration_date, ?::date FROM files_documents d
         WHERE d.published AND d.expiration_date BETWEEN ?::date AND ?::date + ?::int
         ON CONFLICT (file_id, kind, expiration_date) DO NOTHING RETURNING id`,
        [day, day, day, ctx.warningDays],
      );
      const unpublished = await knex.raw(
        `WITH expired AS (
           UPDATE files_documents d SET published = false, updated_at = now()
           WHERE d.expiration_date < ?::date
             AND NOT EXISTS (SELECT 1 FROM files_expiry_notices n WHERE n.file_id = d.id AND n.kind = 'expired' AND n.expiration_date = d.expiration_date)
           RETURNING d.id, d.expiration_date)
         INSERT INTO files_expiry_notices (file_id, kind, expiration_date, day, mailed_at)
         SELECT id, 'expired', expiration_date, ?::date, NULL FROM expired
         ON CONFLICT (file_id, kind, expiration_date) DO NOTHING RETURNING id`,
        [day, day],
      );
      return { warned: warned.rows.length, unpublished: unpublished.rows.length };
    },

    async mailPage(after, limit) {
      const { ids, next } = await pageByCreation(knex, knex('files_expiry_notices').where('kind', 'warning').whereNull('mailed_at'), after, limit);
      return { mailed: await service.send(ids), next };
    },

    async run(on) {
      const { warned, unpublished } = await service.record(on);
      // Left over by an earlier run that stopped half-way, too.
      const pending = await knex('files_expiry_notices').where('kind', 'warning').whereNull('mailed_at').orderBy('created_at').limit(5000).pluck('id');
      return { warned, unpublished, pending };
    },

    async send(ids) {
      if (!ids.length) return 0;
      const notices = await knex('files_expiry_notices as n')
        .join('files_documents as d', 'd.id', 'n.file_id')
        .join('files_folders as f', 'f.id', 'd.folder_id')
        .join('training_centre_campuses as c', 'c.id', 'd.campus_id')
        .leftJoin('identity_actors as o', 'o.id', knex.raw('coalesce(d.owner_id, d.uploaded_by)'))
        .whereIn('n.id', ids)
        .where('n.kind', 'warning')
        .whereNull('n.mailed_at')
        .select('n.id', 'd.name', 'f.name as folder', 'c.name as campus', 'o.email', 'o.language', knex.raw("to_char(n.expiration_date, 'YYYY-MM-DD') AS date"));
      let mailed = 0;
      for (const notice of notices) {
        const to = notice.email ? [notice.email as string] : [];
        if (to.length) {
          const language: Language = isLanguage(notice.language) ? notice.language : defaultLanguage;
          const t = core.translator(language);
          const values = { name: notice.name, folder: notice.folder, campus: notice.campus, date: formatDate(notice.date as string, language) };
          await core.mailer.send({ to, subject: t('files.expiration.mail.subject', values) as string, text: t('files.expiration.mail.body', values) as string });
        }
        // Marked right after its own mail: a retry after a crash resends at most this one warning.
        await FilesExpiryNoticeModel.query(knex).findById(notice.id).whereNull('mailed_at').patch({ mailed_at: fn.now(), recipients: to } as object);
        mailed += 1;
      }
      return mailed;
    },
  };
  return service;
}
