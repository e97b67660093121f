// A lesson's iCal SEQUENCE: the lessons_sequence trigger counts moves (start or end); a change of rooms is counted
// here, by the writers that replace rooms, before they drop the old links — only when the set of rooms differs.
import type { Knex } from '@alterna/core';

type Db = Knex | Knex.Transaction;

/** One statement for all the lessons: +1 and a new updated_at where the rooms given are not the rooms held. */
export async function countRoomChanges(db: Db, lessons: readonly { id: string; rooms: readonly string[] }[]): Promise<void> {
  if (!lessons.length) return;
  await db.raw(
    `UPDATE lessons AS l SET sequence = l.sequence + 1, updated_at = now()
     FROM jsonb_to_recordset(?::jsonb) AS v(id uuid, rooms uuid[])
     WHERE l.id = v.id
       AND ARRAY(SELECT r.room_id FROM lesson_rooms r WHERE r.lesson_id = l.id ORDER BY 1)
         IS DISTINCT FROM ARRAY(SELECT DISTINCT room FROM unnest(v.rooms) AS room ORDER BY 1)`,
    [JSON.stringify(lessons.map(({ id, rooms }) => ({ id, rooms })))],
  );
}
