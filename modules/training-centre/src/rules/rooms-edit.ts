import { cleanName, nameKey } from './names.js';

export interface ExistingRoom {
  id: string;
  name: string;
  size: number;
}

export interface SubmittedRoom {
  id?: string | null;
  name: string;
  size: number;
}

export interface RoomsPlan {
  added: { index: number; name: string; size: number }[];
  changed: { index: number; id: string; name: string; size: number }[];
  removed: ExistingRoom[];
  /** Form-level problems: a submitted id that is not a room of this building, a name used twice. */
  problems: { index: number; field: 'id' | 'name'; kind: 'unknownRoom' | 'nameRepeated'; name: string }[];
}

/**
 * The rooms form sends the whole list of a building: rows with an id are kept (renamed or resized),
 * rows without one are new, and existing rooms missing from the list are removed.
 */
export function planRoomsEdit(existing: ExistingRoom[], submitted: SubmittedRoom[]): RoomsPlan {
  const byId = new Map(existing.map((room) => [room.id, room]));
  const plan: RoomsPlan = { added: [], changed: [], removed: [], problems: [] };
  const kept = new Set<string>();
  const names = new Set<string>();
  submitted.forEach((room, index) => {
    const name = cleanName(room.name);
    const key = nameKey(name);
    if (names.has(key)) plan.problems.push({ index, field: 'name', kind: 'nameRepeated', name });
    names.add(key);
    if (room.id) {
      const current = byId.get(room.id);
      if (!current || kept.has(room.id)) {
        plan.problems.push({ index, field: 'id', kind: 'unknownRoom', name });
        return;
      }
      kept.add(room.id);
      if (current.name !== name || current.size !== room.size) plan.changed.push({ index, id: room.id, name, size: room.size });
    } else {
      plan.added.push({ index, name, size: room.size });
    }
  });
  plan.removed = existing.filter((room) => !kept.has(room.id));
  return plan;
}
