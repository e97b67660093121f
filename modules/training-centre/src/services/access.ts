import type { Actor, PermissionMatrix } from '@alterna/core';

/** Campuses where the actor may do `permission`, narrowed to `campusList` when given; throws when none at all. */
export function campusesFor(permissions: PermissionMatrix, actor: Actor | null, permission: string, campusList?: readonly string[] | null): string[] {
  return permissions.campusesOrDeny(actor, permission, campusList);
}
