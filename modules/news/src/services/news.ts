import {
  AccessDeniedError, fn, NotFoundError, todayIn, validate, ValidationError, type Actor, type CoreDeps, type FileDownload, type Knex, type PermissionMatrix,
  type Translate, type UploadedFile,
} from '@alterna/core';
import { now } from '@alterna/core/clock';
import { NewsFileModel, NewsModel } from '../models/index.js';
import { perm } from '../permissions.js';
import { newsImageId, newsImagePath, newsSchema, type NewsInput, type NewsRecipient } from '../validation/index.js';
import { cleanBlocks, renderBlocks } from './blocks.js';
import type { NewsArticle, NewsFileInfo, NewsFormOptions, NewsItem } from '../types.js';

type Db = Knex | Knex.Transaction;

export interface NewsService {
  list(actor: Actor | null): Promise<NewsItem[]>;
  get(actor: Actor | null, id: string): Promise<NewsItem>;
  create(actor: Actor | null, input: unknown, t: Translate): Promise<NewsItem>;
  update(actor: Actor | null, id: string, input: unknown, t: Translate): Promise<NewsItem>;
  toggle(actor: Actor | null, id: string): Promise<NewsItem>;
  remove(actor: Actor | null, id: string): Promise<void>;
  formOptions(actor: Actor | null): Promise<NewsFormOptions>;
  /** The published news meant for the actor, newest first (one statement). */
  feed(actor: Actor | null, limit?: number): Promise<NewsArticle[]>;
  article(actor: Actor | null, id: string): Promise<NewsArticle>;
  /** A downloadable file news item's file, for its readers and its campuses' staff. */
  download(actor: Actor | null, id: string): Promise<FileDownload>;
  /** An Editor.js image or downloadable file sent from the form, kept until a news item uses it. */
  upload(actor: Actor | null, file: UploadedFile, kind: 'image' | 'attachment'): Promise<NewsFileInfo & { url: string }>;
  image(actor: Actor | null, fileId: string): Promise<FileDownload>;
  /** Editor.js image removal: an image not yet in a saved news item goes at once; a used one when its item is saved without it. */
  removeImage(actor: Actor | null, source: string): Promise<'removed' | 'kept'>;
  /**
   * The daily cleanup (schedule `news-unused-uploads`): removes up to `limit` images and files sent from the form more
   * than a day ago that no news item uses (a form left unsaved, a link preview not kept); answers how many went.
   * A rerun finds nothing more to do.
   */
  removeUnused(limit?: number): Promise<number>;
}

const iso = (value: Date | string | null) => (value ? new Date(value).toISOString() : null);

/**
 * The audience rule, one condition on `n` (a news row): published, one of the actor's (typology, campus) rules among
 * its recipients and campuses, and when that typology is student, the student's training and group among the news
 * item's trainings and groups when it names some. Parameters: typologies[], campuses[], actor id, actor id.
 */
const audienceSql = `n.published AND EXISTS (
  SELECT 1 FROM news_campuses nc
    JOIN unnest(?::text[], ?::uuid[]) AS r(typology, campus_id) ON r.campus_id = nc.campus_id
  WHERE nc.news_id = n.id AND r.typology = ANY(n.recipients)
    AND (r.typology <> 'student' OR (
      (NOT EXISTS (SELECT 1 FROM news_trainings nt WHERE nt.news_id = n.id)
        OR EXISTS (SELECT 1 FROM news_trainings nt
          JOIN trainings_training_groups g ON g.training_id = nt.training_id
          JOIN students_student_registrations sr ON sr.training_group_id = g.id
          WHERE nt.news_id = n.id AND sr.student_id = ?))
      AND (NOT EXISTS (SELECT 1 FROM news_training_groups ng WHERE ng.news_id = n.id)
        OR EXISTS (SELECT 1 FROM news_training_groups ng
          JOIN students_student_registrations sr ON sr.training_group_id = ng.training_group_id
          WHERE ng.news_id = n.id AND sr.student_id = ?)))))`;

const audienceBindings = (actor: Actor) => [actor.rules.map((r) => r.typology), actor.rules.map((r) => r.campusId), actor.id, actor.id];

export function newsService(core: CoreDeps): NewsService {
  const { knex } = core;
  const permissions: PermissionMatrix = core.permissions;
  const trainings = () => core.module('trainings');

  const refuse = (violations: { path: string; key: string; values?: Record<string, unknown> }[], t: Translate): never => {
    throw new ValidationError(violations.map(({ path, key, values }) => ({ path, message: t(key, values ?? {}) as string })));
  };

  /** Rows with their campuses, trainings, groups and file, in four statements whatever their number. */
  async function present(actor: Actor, rows: NewsModel[], db: Db = knex): Promise<NewsItem[]> {
    if (!rows.length) return [];
    const ids = rows.map((row) => row.id);
    const [campuses, trainingRows, groups, files] = await Promise.all([
      db('news_campuses as nc').join('training_centre_campuses as c', 'c.id', 'nc.campus_id').whereIn('nc.news_id', ids).select('nc.news_id', 'c.id', 'c.name').orderBy('c.name'),
      db('news_trainings as nt').join('trainings_trainings as tr', 'tr.id', 'nt.training_id').whereIn('nt.news_id', ids).select('nt.news_id', 'tr.id', 'tr.name').orderBy('tr.name'),
      db('news_training_groups as ng').join('trainings_training_groups as g', 'g.id', 'ng.training_group_id').whereIn('ng.news_id', ids).select('ng.news_id', 'g.id', 'g.name').orderBy('g.name'),
      fileInfos(rows.map((row) => row.file_id).filter((id): id is string => !!id), db),
    ]);
    const of = (list: { news_id: string; id: string; name: string }[], id: string) => list.filter((x) => x.news_id === id).map(({ id: refId, name }) => ({ id: refId, name }));
    const manageable = new Set(permissions.campusesFor(actor, perm.newsManage));
    return rows.map((row) => {
      const rowCampuses = of(campuses, row.id);
      return {
        id: row.id,
        type: row.type,
        title: row.title,
        content: row.content,
        html: row.type === 'page' && row.content ? renderBlocks(row.content.blocks as never[]) : null,
        link: row.link,
        file: row.file_id ? files.get(row.file_id) ?? null : null,
        recipients: row.recipients as NewsRecipient[],
        campuses: rowCampuses,
        trainings: of(trainingRows, row.id),
        trainingGroups: of(groups, row.id),
        published: row.published,
        publishedAt: iso(row.published_at),
        createdAt: iso(row.created_at)!,
        updatedAt: iso(row.updated_at)!,
        canManage: rowCampuses.length > 0 && rowCampuses.every((campus) => manageable.has(campus.id)),
      };
    });
  }

  /** The files' names, types and sizes, kept beside them when they were sent (one statement). */
  async function fileInfos(ids: string[], db: Db = knex): Promise<Map<string, NewsFileInfo>> {
    if (!ids.length) return new Map();
    const rows: any[] = await db('news_files').whereIn('file_id', ids).select('file_id', 'filename', 'content_type', 'size');
    return new Map(rows.map((row) => [row.file_id, { id: row.file_id, filename: row.filename, contentType: row.content_type, size: Number(row.size) }]));
  }

  /** The news item and its campuses; 404 unknown, 403 when the actor holds the permission on none of them. */
  async function load(actor: Actor, id: string, permission: string, db: Db = knex): Promise<{ row: NewsModel; campusIds: string[] }> {
    const row = await NewsModel.query(db).findById(id);
    if (!row) throw new NotFoundError('news');
    const campusIds = (await db('news_campuses').where('news_id', id).pluck('campus_id')) as string[];
    const held = permissions.campusesFor(actor, permission);
    if (!campusIds.some((campusId) => held.includes(campusId))) throw new AccessDeniedError();
    return { row, campusIds };
  }

  /** Manage on every campus of the item (existing ones and, when saving, the new ones). */
  const assertManages = (actor: Actor, campusIds: readonly string[]) => permissions.assertOnAll(actor, perm.newsManage, campusIds);

  /** Checks the body, the campuses, trainings, groups, file and images; the row to write and what to link. */
  async function prepare(actor: Actor, input: unknown, t: Translate, newsId: string | null) {
    const value = (await validate(newsSchema, input, t)) as NewsInput;
    const campusIds = [...new Set(value.campusIds)];
    const trainingIds = [...new Set(value.trainingIds)];
    const groupIds = [...new Set(value.trainingGroupIds)];
    assertManages(actor, campusIds);
    const problems: { path: string; key: string }[] = [];
    if (trainingIds.length) {
      const offered = new Set((await trainings().trainings.list(actor, { campusIds })).map((training) => training.id));
      if (trainingIds.some((id) => !offered.has(id))) problems.push({ path: 'trainingIds', key: 'news.validation.training' });
    }
    if (groupIds.length) {
      const found = await knex('trainings_training_groups').whereIn('id', groupIds).whereIn('campus_id', campusIds).count<{ count: string }[]>('id as count');
      if (Number(found[0]?.count ?? 0) !== groupIds.length) problems.push({ path: 'trainingGroupIds', key: 'news.validation.trainingGroup' });
    }
    let content: { blocks: unknown[] } | null = null;
    let imageIds: string[] = [];
    if (value.type === 'page') {
      const cleaned = cleanBlocks((value.content?.blocks ?? []) as { type: string; data: unknown }[]);
      for (const problem of cleaned.problems) problems.push({ path: `content.blocks[${problem.index}]`, key: problem.key });
      content = { blocks: cleaned.blocks };
      imageIds = cleaned.imageIds;
    }
    // A file or an image is usable when the actor sent it and no item uses it yet, or this very item already uses it.
    const usable = async (ids: string[], kind: 'image' | 'attachment') => {
      if (!ids.length) return true;
      const rows = await NewsFileModel.query(knex).whereIn('file_id', ids).where('kind', kind)
        .where((q) => q.where((mine) => mine.whereNull('news_id').where('uploaded_by', actor.id)).modify((q2) => { if (newsId) q2.orWhere('news_id', newsId); }));
      return rows.length === ids.length;
    };
    if (value.type === 'file' && !(await usable([value.fileId!], 'attachment'))) problems.push({ path: 'fileId', key: 'news.validation.file' });
    if (imageIds.length && !(await usable(imageIds, 'image'))) problems.push({ path: 'content', key: 'news.validation.image' });
    if (problems.length) refuse(problems, t);
    return {
      row: {
        type: value.type, title: value.title, recipients: value.recipients,
        content: content ? JSON.stringify(content) : null,
        link: value.type === 'link' ? value.link : null,
        file_id: value.type === 'file' ? value.fileId : null,
      },
      campusIds, trainingIds, groupIds, usedFiles: [...imageIds, ...(value.type === 'file' ? [value.fileId!] : [])],
    };
  }

  /** Writes the item's campuses, trainings and groups, links its files and removes the ones it no longer uses. */
  async function link(trx: Knex.Transaction, id: string, prepared: Awaited<ReturnType<typeof prepare>>) {
    await trx('news_campuses').where('news_id', id).delete();
    await trx('news_trainings').where('news_id', id).delete();
    await trx('news_training_groups').where('news_id', id).delete();
    await trx('news_campuses').insert(prepared.campusIds.map((campus_id) => ({ news_id: id, campus_id })));
    if (prepared.trainingIds.length) await trx('news_trainings').insert(prepared.trainingIds.map((training_id) => ({ news_id: id, training_id })));
    if (prepared.groupIds.length) await trx('news_training_groups').insert(prepared.groupIds.map((training_group_id) => ({ news_id: id, training_group_id })));
    if (prepared.usedFiles.length) await trx('news_files').whereIn('file_id', prepared.usedFiles).update({ news_id: id });
    const dropped = (await trx('news_files').where('news_id', id).whereNotIn('file_id', prepared.usedFiles.length ? prepared.usedFiles : [id]).pluck('file_id')) as string[];
    for (const fileId of dropped) await core.files.remove(fileId, trx);
  }

  const service: NewsService = {
    async list(actor) {
      const campuses = permissions.campusesOrDeny(actor, perm.newsRead);
      const rows = await NewsModel.query(knex)
        .whereExists(NewsModel.relatedQuery('campuses').whereIn('campus_id', campuses))
        .orderBy([{ column: 'created_at', order: 'desc' }, { column: 'id' }]);
      return present(actor!, rows);
    },
    async get(actor, id) {
      permissions.assert(actor, perm.newsRead);
      const { row } = await load(actor, id, perm.newsRead);
      return (await present(actor, [row]))[0]!;
    },
    async create(actor, input, t) {
      permissions.assert(actor, perm.newsManage);
      const prepared = await prepare(actor, input, t, null);
      const id = await knex.transaction(async (trx) => {
        const [created] = await trx('news').insert({ ...prepared.row, created_by: actor.id }).returning('id');
        if (!created) throw new Error('news: the insert returned no row');
        await link(trx, created.id, prepared);
        return created.id;
      });
      return service.get(actor, id);
    },
    async update(actor, id, input, t) {
      permissions.assert(actor, perm.newsManage);
      const { campusIds } = await load(actor, id, perm.newsManage);
      assertManages(actor, campusIds);
      const prepared = await prepare(actor, input, t, id);
      await knex.transaction(async (trx) => {
        await NewsModel.query(trx).findById(id).patch({ ...(prepared.row as object), updated_at: fn.now() } as never);
        await link(trx, id, prepared);
      });
      return service.get(actor, id);
    },
    async toggle(actor, id) {
      permissions.assert(actor, perm.newsManage);
      const { campusIds } = await load(actor, id, perm.newsManage);
      assertManages(actor, campusIds);
      // One statement: concurrent toggles each flip the stored value; the first publication's date is kept. The date is
      // the app's clock, as the seed's news dates are: a news published now is the latest, whatever instant the run is at.
      await knex('news').where({ id }).update({
        published: knex.raw('NOT published'),
        published_at: knex.raw('CASE WHEN published THEN published_at ELSE coalesce(published_at, ?::timestamptz) END', [now()]),
        updated_at: knex.fn.now(),
      });
      return service.get(actor, id);
    },
    async remove(actor, id) {
      permissions.assert(actor, perm.newsManage);
      const { campusIds } = await load(actor, id, perm.newsManage);
      assertManages(actor, campusIds);
      await knex.transaction(async (trx) => {
        const files = (await trx('news_files').where('news_id', id).pluck('file_id')) as string[];
        await trx('news').where({ id }).delete();
        for (const fileId of files) await core.files.remove(fileId, trx);
      });
    },
    async formOptions(actor) {
      const campusIds = permissions.campusesOrDeny(actor, perm.newsManage);
      const names = new Map(actor!.rules.map((rule) => [rule.campusId, rule.campusName]));
      const [trainingList, groups] = await Promise.all([
        trainings().trainings.list(actor, { campusIds }),
        knex('trainings_training_groups').whereIn('campus_id', campusIds).where('end_date', '>=', todayIn())
          .select('id', 'name', 'campus_id', 'training_id').orderBy('name'),
      ]);
      return {
        campuses: campusIds.map((id) => ({ id, name: names.get(id) ?? id })).sort((a, b) => a.name.localeCompare(b.name)),
        trainings: trainingList.map((training) => ({ id: training.id, name: training.name, campusIds: training.campuses.map((campus) => campus.id) })),
        trainingGroups: groups.map((g: any) => ({ id: g.id, name: g.name, campusId: g.campus_id, trainingId: g.training_id })),
      };
    },
    async feed(actor, limit = 50) {
      permissions.assert(actor, perm.feedRead);
      const rows = await NewsModel.query(knex).alias('n').whereRaw(audienceSql, audienceBindings(actor))
        .orderBy([{ column: 'n.published_at', order: 'desc' }, { column: 'n.id' }]).limit(Math.min(Math.max(limit, 1), 100));
      const files = await fileInfos(rows.map((row) => row.file_id).filter((id): id is string => !!id));
      return rows.map((row) => ({
        id: row.id, type: row.type, title: row.title, link: row.link,
        html: row.type === 'page' && row.content ? renderBlocks(row.content.blocks as never[]) : null,
        file: row.file_id ? files.get(row.file_id) ?? null : null,
        publishedAt: iso(row.published_at)!,
      }));
    },
    async article(actor, id) {
      permissions.assert(actor, perm.feedRead);
      const row = await NewsModel.query(knex).alias('n').findById(id).whereRaw(audienceSql, audienceBindings(actor));
      if (!row) throw new NotFoundError('news');
      const files = await fileInfos(row.file_id ? [row.file_id] : []);
      return {
        id: row.id, type: row.type, title: row.title, link: row.link,
        html: row.type === 'page' && row.content ? renderBlocks(row.content.blocks as never[]) : null,
        file: row.file_id ? files.get(row.file_id) ?? null : null,
        publishedAt: iso(row.published_at)!,
      };
    },
    async download(actor, id) {
      if (!actor) throw new NotFoundError('news');
      const row = await readable(actor, id);
      if (!row?.file_id) throw new NotFoundError('news');
      return core.files.download(row.file_id);
    },
    async upload(actor, file, kind) {
      permissions.assert(actor, perm.newsManage);
      const stored = await knex.transaction(async (trx) => {
        const saved = await core.files.save(file, { module: 'news', actorId: actor.id }, trx);
        await trx('news_files').insert({ file_id: saved.id, kind, uploaded_by: actor.id, filename: saved.filename, content_type: saved.contentType, size: saved.size });
        return saved;
      });
      return { id: stored.id, filename: stored.filename, contentType: stored.contentType, size: stored.size, url: newsImagePath(stored.id) };
    },
    async image(actor, fileId) {
      if (!actor) throw new NotFoundError('news');
      const found = await NewsFileModel.query(knex).findById(fileId).where('kind', 'image');
      if (!found) throw new NotFoundError('news');
      const mine = found.uploaded_by === actor.id && permissions.isGranted(actor, perm.newsManage);
      if (!mine && !(found.news_id && (await readable(actor, found.news_id)))) throw new NotFoundError('news');
      return core.files.download(fileId);
    },
    async removeImage(actor, source) {
      permissions.assert(actor, perm.newsManage);
      const id = newsImageId(source);
      const found = id ? await NewsFileModel.query(knex).findById(id).where('kind', 'image') : undefined;
      if (!found) throw new NotFoundError('news');
      if (found.news_id) {
        const { campusIds } = await load(actor, found.news_id, perm.newsManage);
        assertManages(actor, campusIds);
        return 'kept';
      }
      if (found.uploaded_by !== actor.id) throw new NotFoundError('news');
      await knex.transaction((trx) => core.files.remove(found.file_id, trx));
      return 'removed';
    },
    async removeUnused(limit = 500) {
      return knex.transaction(async (trx) => {
        // Locked and skipped when another run holds them: two runs never remove the same file twice.
        const ids = (await trx('news_files as nf').whereNull('nf.news_id')
          .where('nf.created_at', '<', trx.raw("now() - interval '1 day'"))
          .whereNotExists(trx('news').whereRaw('news.file_id = nf.file_id'))
          .orderBy('nf.created_at').limit(limit).forUpdate().skipLocked().pluck('nf.file_id')) as string[];
        for (const id of ids) await core.files.remove(id, trx);
        return ids.length;
      });
    },
  };

  /** A news row the actor may read: in their audience, or of one of their campuses as staff. */
  async function readable(actor: Actor, id: string): Promise<NewsModel | undefined> {
    const staffCampuses = permissions.campusesFor(actor, perm.newsRead);
    return NewsModel.query(knex).alias('n').findById(id).where((q) => {
      q.whereRaw(audienceSql, audienceBindings(actor));
      if (staffCampuses.length) q.orWhereExists(knex('news_campuses as sc').whereRaw('sc.news_id = n.id').whereIn('sc.campus_id', staffCampuses));
    });
  }

  return service;
}
