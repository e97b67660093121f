import type { Knex } from '@alterna/core';

/** The demo centre's places: two campuses, each with sites, buildings and rooms. */
export const demoCampuses = [
  {
    name: 'Paris',
    openDays: [1, 2, 3, 4, 5],
    sites: [
      { name: 'Paris Nation', address: '12 avenue du Trône, 75011 Paris', buildings: [{ name: 'Bâtiment A', rooms: [['A101', 30], ['A102', 24], ['A201', 40]] }, { name: 'Bâtiment B', rooms: [['B01', 18], ['Amphi B', 120]] }] },
      { name: 'Paris Bercy', address: '40 quai de Bercy, 75012 Paris', buildings: [{ name: 'Tour Bercy', rooms: [['Salle 1', 20], ['Salle 2', 20]] }] },
    ],
  },
  {
    name: 'Lyon',
    openDays: [1, 2, 3, 4, 5, 6],
    sites: [
      { name: 'Lyon Part-Dieu', address: '5 rue Garibaldi, 69003 Lyon', buildings: [{ name: 'Bâtiment Rhône', rooms: [['R1', 28], ['R2', 28], ['Labo', 16]] }] },
    ],
  },
] as const;

export async function seedCampuses(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    for (const campus of demoCampuses) {
      const [row] = await trx('campuses').insert({ name: campus.name, open_days: campus.openDays }).returning('id');
      for (const site of campus.sites) {
        const [siteRow] = await trx('sites').insert({ campus_id: row.id, name: site.name, address: site.address }).returning('id');
        for (const building of site.buildings) {
          const [buildingRow] = await trx('buildings').insert({ site_id: siteRow.id, name: building.name }).returning('id');
          await trx('rooms').insert(building.rooms.map(([name, size]) => ({ building_id: buildingRow.id, name, size })));
        }
      }
    }
  });
}
