import { AccessDeniedError, NotLoggedInError, type Actor, type PermissionMatrix } from '@alterna/core';

/** Campuses where the actor may do `permission`, narrowed to `campusList` when given; throws when none at all. */
export function campusesFor(permissions: PermissionMatrix, actor: Actor | null, permission: string, campusList?: readonly string[] | null): string[] {
  if (!actor) throw new NotLoggedInError();
  const held = permissions.campusesFor(actor, permission);
  // Someone without the permission anywhere (a teacher, a student) is refused outright, not shown an empty list.
  if (!held.length) throw new AccessDeniedError();
  return campusList ? held.filter((id) => campusList.includes(id)) : held;
}
