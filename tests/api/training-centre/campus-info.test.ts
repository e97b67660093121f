import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, startTestApp, type TestApp } from '../../support/app.js';
import { demoCampuses, gqlData, gqlError, loggedIn } from './helpers.js';

let app: TestApp;
let demo: { Paris: string; Lyon: string };
beforeAll(async () => {
  app = await startTestApp();
  demo = await demoCampuses(app);
});
afterAll(() => app.close());

const campusInfo = /* GraphQL */ `
  query($campusId: ID!) {
    getCampusInfo(campusId: $campusId) {
      uuid name openDays canEdit canManage
      sites { uuid name address buildings { uuid name rooms { uuid name size } } }
    }
  }`;
const rooms = /* GraphQL */ `
  query($actorId: ID!, $campusList: [ID!]) {
    getRoomsWithBuildingWithCampus(actorId: $actorId, campusList: $campusList) {
      uuid name size building { uuid name site { uuid name campus { uuid name openDays } } }
    }
  }`;

describe('getCampusInfo', () => {
  it('gives a campus with its open days, sites, buildings and rooms, by name', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const { getCampusInfo } = await gqlData(pedagogy, campusInfo, { campusId: demo.Paris });
    expect(getCampusInfo).toMatchObject({ uuid: demo.Paris, name: 'Paris', openDays: [1, 2, 3, 4, 5], canEdit: true, canManage: true });
    expect(getCampusInfo.sites.map((s: { name: string }) => s.name)).toEqual(['Paris Bercy', 'Paris Nation']);
    const nation = getCampusInfo.sites[1];
    expect(nation.address).toBe('12 avenue du Trône, 75011 Paris');
    expect(nation.buildings.map((b: { name: string; rooms: { name: string; size: number }[] }) => [b.name, b.rooms.map((r) => `${r.name}:${r.size}`)])).toEqual([
      ['Bâtiment A', ['A101:30', 'A102:24', 'A201:40']],
      ['Bâtiment B', ['Amphi B:120', 'B01:18']],
    ]);
  });

  it('walks back up from a room to its campus', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const query = 'query($id: ID!) { getCampusInfo(campusId: $id) { sites { buildings { rooms { name building { name site { name campus { name } } } } } } } }';
    const { getCampusInfo } = await gqlData(pedagogy, query, { id: demo.Lyon });
    expect(getCampusInfo.sites[0].buildings[0].rooms[0]).toEqual({ name: 'Labo', building: { name: 'Bâtiment Rhône', site: { name: 'Lyon Part-Dieu', campus: { name: 'Lyon' } } } });
  });

  it('tells read-only it may not change anything, and shows a Lyon manager nothing of Paris', async () => {
    const readOnly = await loggedIn(app, 'read-only');
    expect((await gqlData(readOnly, campusInfo, { campusId: demo.Paris })).getCampusInfo).toMatchObject({ canEdit: false, canManage: false });
    const manager = await loggedIn(app, 'campus-manager');
    expect((await gqlData(manager, campusInfo, { campusId: demo.Paris })).getCampusInfo).toBeNull();
    expect((await gqlData(manager, campusInfo, { campusId: demo.Lyon })).getCampusInfo).toMatchObject({ name: 'Lyon', canEdit: true, canManage: false });
    const list = await gqlData(manager, 'query { CampusesInfo { name } }');
    expect(list.CampusesInfo.map((c: { name: string }) => c.name)).not.toContain('Paris');
  });

  it('refuses a teacher, someone logged out, and a non-UUID id', async () => {
    const teacher = await loggedIn(app, 'teacher');
    expect(await gqlError(teacher, campusInfo, { campusId: demo.Paris })).toMatchObject({ extensions: { code: 'FORBIDDEN', reason: 'Access Denied.' } });
    expect(await gqlError(new ApiClient(app.baseUrl), campusInfo, { campusId: demo.Paris })).toMatchObject({ extensions: { reason: 'User is not logged in' } });
    const pedagogy = await loggedIn(app, 'pedagogy');
    expect((await gqlError(pedagogy, campusInfo, { campusId: 'paris' })).extensions).toEqual({
      code: 'BAD_USER_INPUT',
      violations: [{ path: 'campusId', message: 'The id "paris" is not a valid UUID.' }],
    });
  });
});

describe('getRoomsWithBuildingWithCampus', () => {
  it('lists rooms with building, site and campus (SPEC §3 Room)', async () => {
    const pedagogy = await loggedIn(app, 'pedagogy');
    const me = (await pedagogy.get('/api/auth/me')).json.actor;
    const data = await gqlData(pedagogy, rooms, { actorId: me.id, campusList: [demo.Lyon] });
    expect(data.getRoomsWithBuildingWithCampus.map((r: { name: string }) => r.name)).toEqual(['Labo', 'R1', 'R2']);
    expect(data.getRoomsWithBuildingWithCampus[0]).toMatchObject({
      size: 16,
      building: { name: 'Bâtiment Rhône', site: { name: 'Lyon Part-Dieu', campus: { uuid: demo.Lyon, name: 'Lyon', openDays: [1, 2, 3, 4, 5, 6] } } },
    });
  });

  it('is limited to campuses where the actor has pedagogy, isd, management, campus-manager or read-only access', async () => {
    const manager = await loggedIn(app, 'campus-manager');
    const me = (await manager.get('/api/auth/me')).json.actor;
    const all = await gqlData(manager, rooms, { actorId: me.id, campusList: [demo.Paris, demo.Lyon] });
    expect(new Set(all.getRoomsWithBuildingWithCampus.map((r: { building: { site: { campus: { name: string } } } }) => r.building.site.campus.name))).toEqual(new Set(['Lyon']));
    expect((await gqlData(manager, rooms, { actorId: me.id, campusList: [demo.Paris] })).getRoomsWithBuildingWithCampus).toEqual([]);
    // Read-only reads the rooms of its campus (its calendar needs them; issue #9), and of no other.
    const readOnly = await loggedIn(app, 'read-only');
    const readOnlyMe = (await readOnly.get('/api/auth/me')).json.actor;
    const readOnlyRooms = (await gqlData(readOnly, rooms, { actorId: readOnlyMe.id, campusList: [demo.Paris, demo.Lyon] })).getRoomsWithBuildingWithCampus;
    expect(readOnlyRooms.length).toBeGreaterThan(0);
    expect(new Set(readOnlyRooms.map((r: { building: { site: { campus: { name: string } } } }) => r.building.site.campus.name))).toEqual(new Set(['Paris']));
    // Another actor's rooms are not asked through someone else.
    expect(await gqlError(manager, rooms, { actorId: readOnlyMe.id })).toMatchObject({ extensions: { reason: 'Access Denied.' } });
  });
});
