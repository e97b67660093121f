import { managerTypologies as managers, staffTypologies, typologies, type PermissionDeclaration } from '@alterna/core';

/** Permission ids of the module. The services keep staff to the news of their campuses, readers to the news meant for them. */
export const perm = {
  /** The news of one's campuses as staff (read-only and referents included: their menu offers the list). */
  newsRead: 'news.news.read',
  /** Write, publish, unpublish and delete news of all its campuses; Editor.js uploads and the link tool. */
  newsManage: 'news.news.manage',
  /** The news meant for oneself (every space). */
  feedRead: 'news.feed.read',
} as const;

export const permissions: PermissionDeclaration[] = [
  { id: perm.newsRead, kind: 'read', typologies: [...staffTypologies, 'referent'] },
  { id: perm.newsManage, kind: 'change', typologies: managers },
  { id: perm.feedRead, kind: 'read', typologies: typologies },
];
