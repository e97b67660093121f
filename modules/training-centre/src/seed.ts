import type { Knex } from '@alterna/core';
import { addDays } from './rules/dates.js';
import { publicHolidays } from './rules/holidays.js';
import { now } from '@alterna/core/clock';

/** The demo centre's places: two campuses, each with sites, buildings and rooms. */
export const demoCampuses = [
  {
    name: 'Paris',
    openDays: [1, 2, 3, 4, 5],
    organisation: { siret: '81234567800013', street_address: '12 avenue du Trône', postal_code: '75011', city: 'Paris' },
    sites: [
      { name: 'Paris Nation', address: '12 avenue du Trône, 75011 Paris', buildings: [{ name: 'Bâtiment A', rooms: [['A101', 30], ['A102', 24], ['A201', 40]] }, { name: 'Bâtiment B', rooms: [['B01', 18], ['Amphi B', 120]] }] },
      { name: 'Paris Bercy', address: '40 quai de Bercy, 75012 Paris', buildings: [{ name: 'Tour Bercy', rooms: [['Salle 1', 20], ['Salle 2', 20]] }] },
    ],
  },
  {
    name: 'Lyon',
    openDays: [1, 2, 3, 4, 5, 6],
    organisation: { siret: '81234567800021', street_address: '5 rue Garibaldi', postal_code: '69003', city: 'Lyon' },
    sites: [
      { name: 'Lyon Part-Dieu', address: '5 rue Garibaldi, 69003 Lyon', buildings: [{ name: 'Bâtiment Rhône', rooms: [['R1', 28], ['R2', 28], ['Labo', 16]] }] },
    ],
  },
] as const;

/** Time-slot models of every demo campus: the usual day, and a short day for Saturdays and evening classes. */
export const demoTimeSlotModels: Record<string, { name: string; slots: [string, string][] }[]> = {
  Paris: [
    { name: 'Journée type', slots: [['08:30', '10:30'], ['10:45', '12:45'], ['13:45', '15:45'], ['16:00', '18:00']] },
    { name: 'Cours du soir', slots: [['18:30', '20:00'], ['20:15', '21:45']] },
  ],
  Lyon: [
    { name: 'Journée type', slots: [['08:30', '10:30'], ['10:45', '12:45'], ['13:45', '15:45'], ['16:00', '18:00']] },
    { name: 'Samedi matin', slots: [['09:00', '10:30'], ['10:45', '12:15']] },
  ],
};

/** Closures around the current school year, so the closures screen and the planning have something to skip. */
export function demoClosures(today = now()): { campus: string; startDate: string; endDate: string; type: string; name: string }[] {
  // The school year starts in September: before that, the current one began the year before.
  const year = today.getUTCMonth() >= 8 ? today.getUTCFullYear() : today.getUTCFullYear() - 1;
  const next = year + 1;
  // The Friday after Ascension Thursday.
  const ascension = publicHolidays(next).find((holiday) => holiday.key === 'ascension')!.date;
  return ['Paris', 'Lyon'].flatMap((campus) => [
    { campus, startDate: `${year}-12-20`, endDate: `${next}-01-04`, type: 'holidays', name: 'Vacances de Noël' },
    { campus, startDate: `${next}-07-27`, endDate: `${next}-08-21`, type: 'closure', name: 'Fermeture estivale' },
    { campus, startDate: addDays(ascension, 1), endDate: addDays(ascension, 1), type: 'bridge', name: "Pont de l'Ascension" },
  ]);
}

export async function seedCampuses(knex: Knex): Promise<void> {
  await knex.transaction(async (trx) => {
    const closures = demoClosures();
    for (const campus of demoCampuses) {
      const [row] = await trx('campuses').insert({ name: campus.name, open_days: [...campus.openDays] }).returning('id');
      if (!row) throw new Error(`training-centre seed: campus ${campus.name} not created`);
      // One organisation (one activity declaration), an establishment (a SIRET) per campus.
      await trx('campus_organisations').insert({ campus_id: row.id, name: 'Alterna Formation', activity_declaration_number: '11755432175', ...campus.organisation });
      for (const site of campus.sites) {
        const [siteRow] = await trx('sites').insert({ campus_id: row.id, name: site.name, address: site.address }).returning('id');
        if (!siteRow) throw new Error(`training-centre seed: site ${site.name} not created`);
        for (const building of site.buildings) {
          const [buildingRow] = await trx('buildings').insert({ site_id: siteRow.id, name: building.name }).returning('id');
          if (!buildingRow) throw new Error(`training-centre seed: building ${building.name} not created`);
          await trx('rooms').insert(building.rooms.map(([name, size]) => ({ building_id: buildingRow.id, name, size })));
        }
      }
      for (const model of demoTimeSlotModels[campus.name] ?? []) {
        const [modelRow] = await trx('model_time_slots').insert({ campus_id: row.id, name: model.name }).returning('id');
        if (!modelRow) throw new Error(`training-centre seed: time slot model ${model.name} not created`);
        await trx('time_slots').insert(model.slots.map(([start, end]) => ({ model_time_slot_id: modelRow.id, start_time: start, end_time: end })));
      }
      const own = closures.filter((closure) => closure.campus === campus.name);
      await trx('schedule_campus_closures').insert(own.map((c) => ({ campus_id: row.id, start_date: c.startDate, end_date: c.endDate, type: c.type, name: c.name })));
    }
  });
}
