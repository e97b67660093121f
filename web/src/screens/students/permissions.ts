import type { Me, MeCampus } from '../../session';
import { managerTypologies } from '@alterna/core/validation';

const managers: readonly string[] = managerTypologies;

/** Campuses where the actor may change students (the server checks again). */
export function changeCampuses(me: Me | null): MeCampus[] {
  return (me?.campuses ?? []).filter((c) => c.typologies.some((typology) => managers.includes(typology)));
}

/** The permissions the server says the actor holds somewhere (core/API.md Me.permissions). */
export const can = (me: Me | null, id: string): boolean => !!me?.permissions.includes(id);
