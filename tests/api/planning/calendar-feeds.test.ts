import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, reasonOf, startTestApp, type TestApp } from '../../support/app.js';
import { withDemoPassword } from '../../support/attendance/fixtures.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo, tag } from '../../support/planning/fixtures.js';
import { currentTrainingGroup, makeRegistration } from '../../support/planning/groups.js';
import { nowMs } from '@alterna/core/clock';
import { todayIn } from '@alterna/core/dates';

// Live iCal feeds: a private URL per teacher, student and room, read anonymously by calendar apps.

let app: TestApp;
let paris: string;
let lyon: string;
let subjectName: string;
let subjectId: string;

const DAY = 86_400_000;
/** A Paris day `days` from today (YYYY-MM-DD). */
const dayFrom = (days: number) => todayIn('Europe/Paris', new Date(nowMs() + days * DAY));
const slot = (days: number, from = '09:00', to = '11:00') => ({ startAt: parisTime(dayFrom(days), from), endAt: parisTime(dayFrom(days), to) });

const MY_FEED = '/api/planning/my-calendar-feed';
const MY_FEED_FR = '/api/planification/mon-agenda-abonnement';
const roomFeed = (room: string) => `/api/planning/rooms/${room}/calendar-feed`;

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};

/** The feed as a calendar app reads it: no cookie, and its parsed content lines (folding undone). */
async function readFeed(url: string) {
  const response = await fetch(url);
  const text = await response.text();
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events = lines.filter((line) => line === 'BEGIN:VEVENT').length;
  return { status: response.status, type: response.headers.get('content-type'), text, lines, events, json: response.headers.get('content-type')?.includes('json') ? JSON.parse(text) : null };
}

/** A well-formed calendar: begins and ends as one, every event closed. */
function expectCalendar(feed: Awaited<ReturnType<typeof readFeed>>) {
  expect(feed.status).toBe(200);
  expect(feed.type).toBe('text/calendar; charset=utf-8');
  expect(feed.lines[0]).toBe('BEGIN:VCALENDAR');
  expect(feed.lines.filter(Boolean).at(-1)).toBe('END:VCALENDAR');
  expect(feed.lines.filter((line) => line === 'END:VEVENT')).toHaveLength(feed.events);
}

const uid = (lessonId: string) => `UID:${lessonId}@alterna`;

/** A teacher of its own who can log in, on Paris. */
async function teacherWithLogin() {
  const id = await makePerson(app, [paris], 'teacher', tag('Prof'));
  return { id, email: await withDemoPassword(app, id) };
}

beforeAll(async () => {
  app = await startTestApp();
  const ids = await planningDemo(app);
  paris = ids.paris;
  lyon = ids.lyon;
  const subject = await app.core.db.knex('school_subjects').orderBy('name').first('id', 'name');
  subjectId = subject.id;
  subjectName = subject.name;
});
afterAll(() => app?.close());

describe('a teacher\'s own feed', () => {
  it('serves their lessons (cancelled ones marked) to anyone with the URL, not another teacher\'s, not out of the window', async () => {
    const me = await teacherWithLogin();
    const other = await teacherWithLogin();
    const [room] = await makeRooms(app, paris, 1);
    const group = await makePlanningGroup(app, paris, { name: tag('Groupe ') });
    const mine = await insertLesson(app, { campusId: paris, ...slot(3), teacherIds: [me.id], roomIds: [room!], planningGroupIds: [group], schoolSubjectId: subjectId });
    const cancelled = await insertLesson(app, { campusId: paris, ...slot(4), teacherIds: [me.id], status: 'cancelled' });
    const past = await insertLesson(app, { campusId: paris, ...slot(-10), teacherIds: [me.id] });
    const tooOld = await insertLesson(app, { campusId: paris, ...slot(-40), teacherIds: [me.id] });
    const tooFar = await insertLesson(app, { campusId: paris, ...slot(380), teacherIds: [me.id] });
    const theirs = await insertLesson(app, { campusId: paris, ...slot(3), teacherIds: [other.id] });

    const teacher = await client(me.email);
    expect((await teacher.get(MY_FEED)).json.feed).toEqual({ kind: 'teacher', active: false, createdAt: null });
    const made = await teacher.post(MY_FEED);
    expect(made.status).toBe(200);
    expect(made.json.url).toMatch(new RegExp(`^${app.baseUrl}/api/calendar-feeds/[A-Za-z0-9_-]{43}\\.ics$`));
    expect(made.json.feed.active).toBe(true);
    const status = await teacher.get(MY_FEED_FR);
    expect(status.json.feed).toMatchObject({ kind: 'teacher', active: true });
    expect(Date.parse(status.json.feed.createdAt)).not.toBeNaN();

    const feed = await readFeed(made.json.url);
    expectCalendar(feed);
    expect(feed.events).toBe(3);
    expect(feed.lines).toContain(uid(mine));
    expect(feed.lines).toContain(uid(past));
    expect(feed.lines).toContain(uid(cancelled));
    for (const absent of [theirs, tooOld, tooFar]) expect(feed.lines).not.toContain(uid(absent));
    expect(feed.lines).toContain('X-WR-TIMEZONE:Europe/Paris');
    expect(feed.lines.some((line) => line.startsWith('X-WR-CALNAME:Emploi du temps — Test '))).toBe(true);
    expect(feed.lines.some((line) => line.startsWith(`SUMMARY:${subjectName} — Groupe `))).toBe(true);
    expect(feed.lines.some((line) => /^LOCATION:S1-site\w+\\, Paris$/.test(line))).toBe(true);
    expect(feed.lines.some((line) => line.startsWith('DESCRIPTION:Formateurs : Test Prof'))).toBe(true);
    expect(feed.lines).toContain(`DTSTART;TZID=Europe/Paris:${dayFrom(3).replace(/-/g, '')}T090000`);
    // The cancelled lesson is the only one marked so.
    expect(feed.lines.filter((line) => line === 'STATUS:CANCELLED')).toHaveLength(1);
    const cancelledEvent = feed.text.slice(feed.text.indexOf(uid(cancelled)));
    expect(cancelledEvent.slice(0, cancelledEvent.indexOf('END:VEVENT'))).toContain('STATUS:CANCELLED');

    // Only the token's SHA-256 is kept.
    const token = /\/calendar-feeds\/([^/]+)\.ics$/.exec(made.json.url)![1]!;
    const row = await app.core.db.knex('planning_calendar_feeds').where({ subject_id: me.id }).first();
    expect(row.token_hash).toBe(crypto.createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(row)).not.toContain(token);
  });

  it('renewing makes the old URL 404 and the new one work; revoking makes it 404', async () => {
    const me = await teacherWithLogin();
    const lesson = await insertLesson(app, { campusId: paris, ...slot(5), teacherIds: [me.id] });
    const teacher = await client(me.email, 'en');
    const first = (await teacher.post(MY_FEED)).json.url as string;
    expect((await readFeed(first)).lines).toContain(uid(lesson));

    const second = (await teacher.post(MY_FEED_FR)).json.url as string;
    expect(second).not.toBe(first);
    const old = await readFeed(first);
    expect(old.status).toBe(404);
    expect(old.json.errors[0]).toMatchObject({ path: '' });
    expect(old.json.errors[0].message).toBeTruthy();
    expectCalendar(await readFeed(second));
    const rows = await app.core.db.knex('planning_calendar_feeds').where({ subject_id: me.id }).select('revoked_at');
    expect(rows.map((row) => row.revoked_at === null).sort()).toEqual([false, true]);

    const revoked = await teacher.request('DELETE', MY_FEED);
    expect(revoked.status).toBe(200);
    expect(revoked.json.feed).toEqual({ kind: 'teacher', active: false, createdAt: null });
    expect((await readFeed(second)).status).toBe(404);
    expect((await teacher.get(MY_FEED)).json.feed.active).toBe(false);
  });

  it('names the calendar in the teacher\'s language', async () => {
    const me = await teacherWithLogin();
    await app.core.db.knex('actors').where({ id: me.id }).update({ language: 'en' });
    const teacher = await client(me.email);
    const feed = await readFeed((await teacher.post(MY_FEED)).json.url);
    expectCalendar(feed);
    expect(feed.lines.some((line) => line.startsWith('X-WR-CALNAME:Timetable — Test '))).toBe(true);
  });
});

describe('a student\'s own feed', () => {
  it('has the lessons of the planning groups their registrations are subscribed to, and no other', async () => {
    const trainingGroup = await currentTrainingGroup(app, paris);
    const registration = await makeRegistration(app, trainingGroup.id);
    const email = await withDemoPassword(app, registration.studentId);
    const subscribed = await makePlanningGroup(app, paris, { trainingGroupId: trainingGroup.id });
    const elsewhere = await makePlanningGroup(app, paris, { trainingGroupId: trainingGroup.id });
    await app.core.db.knex('planning_group_subscriptions').insert({ planning_group_id: subscribed, student_registration_id: registration.id });
    const ours = await insertLesson(app, { campusId: paris, ...slot(6), planningGroupIds: [subscribed], schoolSubjectId: subjectId });
    const oursCancelled = await insertLesson(app, { campusId: paris, ...slot(7), planningGroupIds: [subscribed], status: 'cancelled' });
    const notOurs = await insertLesson(app, { campusId: paris, ...slot(6), planningGroupIds: [elsewhere] });

    const student = await client(email);
    const made = await student.post(MY_FEED);
    expect(made.status).toBe(200);
    expect(made.json.feed.kind).toBe('student');
    const feed = await readFeed(made.json.url);
    expectCalendar(feed);
    expect(feed.events).toBe(2);
    expect(feed.lines).toContain(uid(ours));
    expect(feed.lines).toContain(uid(oursCancelled));
    expect(feed.lines).not.toContain(uid(notOurs));
    expect(feed.lines).toContain('STATUS:CANCELLED');
  });

  it('is an empty, valid calendar for a student without subscriptions', async () => {
    const trainingGroup = await currentTrainingGroup(app, paris);
    const registration = await makeRegistration(app, trainingGroup.id);
    const student = await client(await withDemoPassword(app, registration.studentId));
    const feed = await readFeed((await student.post(MY_FEED)).json.url);
    expectCalendar(feed);
    expect(feed.events).toBe(0);
  });

  it('is refused to staff (no own feed) and to visitors', async () => {
    const pedagogy = await client(demo('pedagogy'));
    const refused = await pedagogy.post(MY_FEED);
    expect(refused.status).toBe(403);
    expect(reasonOf(refused.json.errors[0])).toBe('Access Denied.');
    expect((await new ApiClient(app.baseUrl).get(MY_FEED)).status).toBe(401);
  });
});

describe('a room\'s feed', () => {
  it('is made and read by staff of the room\'s campus, refused to staff of another campus', async () => {
    const [room] = await makeRooms(app, paris, 1);
    const lesson = await insertLesson(app, { campusId: paris, ...slot(8), roomIds: [room!], schoolSubjectId: subjectId });
    const elsewhere = await insertLesson(app, { campusId: paris, ...slot(8), teacherIds: [await makePerson(app, [paris])] });

    // campus-manager is a manager of Lyon only.
    const lyonStaff = await client(demo('campus-manager'));
    for (const response of [await lyonStaff.post(roomFeed(room!)), await lyonStaff.get(roomFeed(room!)), await lyonStaff.request('DELETE', roomFeed(room!))]) {
      expect(response.status).toBe(403);
      expect(reasonOf(response.json.errors[0])).toBe('Access Denied.');
    }

    const isd = await client(demo('isd'));
    expect((await isd.get(roomFeed(room!))).json.feed).toEqual({ kind: 'room', active: false, createdAt: null });
    const made = await isd.post(`/api/planification/salles/${room}/agenda-abonnement`);
    expect(made.status).toBe(200);
    const feed = await readFeed(made.json.url);
    expectCalendar(feed);
    expect(feed.events).toBe(1);
    expect(feed.lines).toContain(uid(lesson));
    expect(feed.lines).not.toContain(uid(elsewhere));
    expect(feed.lines.some((line) => /^X-WR-CALNAME:Salle S1-site\w+ \(Paris\)$/.test(line))).toBe(true);
    const row = await app.core.db.knex('planning_calendar_feeds').where({ subject_id: room }).first('subject_kind', 'campus_id', 'created_by');
    expect(row).toMatchObject({ subject_kind: 'room', campus_id: paris });

    // Still Lyon's staff cannot see it exists; read-only of Paris sees it, and cannot change it.
    expect((await lyonStaff.get(roomFeed(room!))).status).toBe(403);
    const readOnly = await client(demo('read-only'));
    expect((await readOnly.get(roomFeed(room!))).json.feed.active).toBe(true);
    expect((await readOnly.post(roomFeed(room!))).status).toBe(403);

    expect((await isd.request('DELETE', roomFeed(room!))).json.feed.active).toBe(false);
    expect((await readFeed(made.json.url)).status).toBe(404);
  });

  it('answers 404 for an unknown room and 422 for a malformed id', async () => {
    const pedagogy = await client(demo('pedagogy'), 'en');
    expect((await pedagogy.post(roomFeed(crypto.randomUUID()))).status).toBe(404);
    const bad = await pedagogy.post(roomFeed('not-a-room'));
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('room');
    // A Lyon room is fine for pedagogy, which works on both campuses.
    const [lyonRoom] = await makeRooms(app, lyon, 1);
    expect((await pedagogy.post(roomFeed(lyonRoom!))).status).toBe(200);
  });
});

describe('the public feed URL', () => {
  it('answers 404 with the usual error body, never a 500, for garbage tokens', async () => {
    const garbage = [
      crypto.randomBytes(32).toString('base64url'), // well formed, unknown
      'abc', 'x'.repeat(500), "'%20OR%201=1--", '..%2F..%2Fetc%2Fpasswd', 'a.b', encodeURIComponent('é'.repeat(43)),
    ];
    for (const token of garbage) {
      const response = await fetch(`${app.baseUrl}/api/calendar-feeds/${token}.ics`);
      expect(response.status, token).toBe(404);
      const body = await response.json();
      expect(body.errors[0].path, token).toBe('');
      expect(body.errors[0].message, token).toBeTruthy();
    }
    // A control character in the path is refused like one in a body (the core's type pass): 422 on the segment.
    const nul = await fetch(`${app.baseUrl}/api/calendar-feeds/%00.ics`, { headers: { 'accept-language': 'en' } });
    expect([nul.status, await nul.json()]).toEqual([422, { errors: [{ path: 'token', message: 'This value contains a character that is not allowed.' }] }]);
  });
});
