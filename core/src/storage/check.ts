import type { Knex } from 'knex';
import { managerTypologies, type Actor, type PermissionDeclaration } from '../auth/types.js';
import type { PermissionMatrix } from '../auth/permissions.js';
import type { Translate } from '../i18n/index.js';
import type { RouteDefinition } from '../modules/contract.js';
import { idParam } from '../validation/ids.js';
import type { FileStore, MissingFile } from './file-store.js';

/** Who may list a campus's stored files whose bytes are missing from the store (issue #28). */
export const storagePermissions: PermissionDeclaration[] = [
  { id: 'core.storage.check', kind: 'read', typologies: managerTypologies, label: 'permissions.storage.check' },
];

export interface StorageCheck {
  /** The campuses checked: the one asked for, or every campus where the reader holds the permission. */
  campusIds: string[];
  /** Rows of those campuses looked at. */
  checked: number;
  /** Their rows whose object the store does not hold. */
  missing: MissingFile[];
  /** Missing files no campus can be told of (their sender gone, or none): counted only. */
  unattributedMissing: number;
  /** The result in the reader's language. */
  message: string;
}

/**
 * The file store's check: the stored_files rows whose bytes are gone, for the reader's campuses (or the one asked
 * for, where the reader must hold the permission). A file is a campus's when the
 * person it was stored for (the uploader, or who asked for a worker's file) holds a rule there, read through the
 * identity module's read view; the core keeps no campus of its own on a file.
 */
export class StorageCheckService {
  constructor(private readonly knex: Knex, private readonly files: FileStore, private readonly permissions: PermissionMatrix) {}

  async check(actor: Actor, campusId: string | null, t: Translate): Promise<StorageCheck> {
    if (campusId) this.permissions.assert(actor, 'core.storage.check', campusId);
    const campusIds = campusId ? [campusId] : this.permissions.campusesOrDeny(actor, 'core.storage.check');
    const rules = await this.rulesView();
    const ofCampus = rules
      ? await this.files.missing({ scope: (q) => q.whereIn('uploaded_by', this.knex(rules).select('actor_id').whereIn('campus_id', campusIds)) })
      : { checked: 0, missing: [] };
    // Rows tied to no rule anywhere: nobody's campus, so reported as a count to every campus.
    const unattributed = await this.files.missing({
      scope: (q) => {
        q.whereNull('uploaded_by');
        if (rules) q.orWhereNotIn('uploaded_by', this.knex(rules).select('actor_id'));
      },
    });
    const count = ofCampus.missing.length;
    return {
      campusIds,
      checked: ofCampus.checked,
      missing: ofCampus.missing,
      unattributedMissing: unattributed.missing.length,
      message: (count ? t('storage.missing', { count }) : ofCampus.checked ? t('storage.allPresent', { count: ofCampus.checked }) : t('storage.none')) as string,
    };
  }

  /** identity_actor_access_rules when the identity module is installed (it always is in the product). */
  private async rulesView(): Promise<string | null> {
    const found = await this.knex.raw(`select to_regclass('identity_actor_access_rules') as name`);
    const rows = (found.rows ?? found) as { name: string | null }[];
    return rows[0]?.name ? 'identity_actor_access_rules' : null;
  }
}

export const storageCheckRoutes: RouteDefinition<StorageCheckService>[] = [
  {
    name: 'storage_missing', method: 'get', path: { en: '/storage/missing', fr: '/stockage/manquants' }, permission: 'core.storage.check',
    // ?campusId= narrows the check to one campus of the reader's; without it, every campus where they hold it.
    handler: async ({ actor, services, query, t }) => ({ check: await services.check(actor!, idParam(query.campusId, 'campusId', t), t) }),
  },
];
