import type { Knex } from '@alterna/core';

export interface Campus {
  id: string;
  name: string;
  openDays: number[];
}

export interface CampusesService {
  list(ids?: string[]): Promise<Campus[]>;
  get(id: string): Promise<Campus | null>;
}

export function campusesService(knex: Knex): CampusesService {
  const select = () => knex('campuses').select('id', 'name', 'open_days').orderBy('name');
  const toCampus = (row: { id: string; name: string; open_days: number[] }): Campus => ({ id: row.id, name: row.name, openDays: row.open_days });
  return {
    async list(ids) {
      const query = select();
      if (ids) query.whereIn('id', ids);
      return (await query).map(toCampus);
    },
    async get(id) {
      const row = await select().where({ id }).first();
      return row ? toCampus(row) : null;
    },
  };
}
