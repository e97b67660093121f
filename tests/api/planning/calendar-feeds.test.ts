import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, reasonOf, startTestApp, type TestApp } from '../../support/app.js';
import { withDemoPassword } from '../../support/attendance/fixtures.js';
import { insertLesson, makePerson, makePlanningGroup, makeRooms, parisTime, planningDemo, tag } from '../../support/planning/fixtures.js';
import { currentTrainingGroup, makeRegistration } from '../../support/planning/groups.js';
import { UPDATE_LESSON, lessonOf, slotOn, workingDays } from '../../support/planning/lessons.js';
import { finished } from '../../support/planning/bulk-fixtures.js';
import { startTestWorker } from '../../support/worker.js';
import { nowMs } from '@alterna/core/clock';
import { todayIn } from '@alterna/core/dates';

// Live iCal feeds: a private URL per teacher, student and room, read anonymously by calendar apps.

let app: TestApp;
let paris: string;
let lyon: string;
let subjectName: string;
let subjectId: string;
let sessionId: string;

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
async function readFeed(url: string, headers: Record<string, string> = {}) {
  const response = await fetch(url, { headers });
  const text = await response.text();
  const lines = text.replace(/\r\n[ \t]/g, '').split('\r\n');
  const events = lines.filter((line) => line === 'BEGIN:VEVENT').length;
  const header = (name: string) => response.headers.get(name);
  return { status: response.status, type: header('content-type'), header, text, lines, events, json: header('content-type')?.includes('json') ? JSON.parse(text) : null };
}

/** The content lines of one lesson's event. */
function eventOf(feed: Awaited<ReturnType<typeof readFeed>>, lessonId: string): string[] {
  const start = feed.lines.indexOf(uid(lessonId));
  if (start < 0) return [];
  const begin = feed.lines.lastIndexOf('BEGIN:VEVENT', start);
  return feed.lines.slice(begin, feed.lines.indexOf('END:VEVENT', start) + 1);
}
const fieldOf = (event: string[], name: string) => event.find((line) => line.startsWith(`${name}:`))?.slice(name.length + 1);

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
  sessionId = ids.session.id;
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

describe('polling the feed (conditional requests, versions of a lesson)', () => {
  let days: string[];
  beforeAll(async () => {
    days = await workingDays(app, paris, 3, 1);
  });

  /** A teacher's feed with one lesson (room, group, subject, session) on a working day: what a planner can move. */
  async function teacherFeed() {
    const me = await teacherWithLogin();
    const rooms = await makeRooms(app, paris, 2);
    const group = await makePlanningGroup(app, paris);
    const lessonOn = (day: string, room: string) =>
      insertLesson(app, { campusId: paris, ...slotOn(day, '09:00', '11:00'), teacherIds: [me.id], roomIds: [room], planningGroupIds: [group], schoolSubjectId: subjectId, sessionId });
    const lesson = await lessonOn(days[0]!, rooms[0]!);
    const url = (await (await client(me.email)).post(MY_FEED)).json.url as string;
    return { me, rooms, lesson, url, lessonOn };
  }
  /** A lesson's last change as an iCal UTC stamp. */
  const stampOf = async (lessonId: string) => {
    const { updated_at: at } = await app.core.db.knex('lessons').where({ id: lessonId }).first('updated_at');
    return `${(at as Date).toISOString().replace(/[-:]/g, '').slice(0, 15)}Z`;
  };
  const isd = () => client(demo('isd'));
  const update = async (input: Record<string, unknown>) => lessonOf(await (await isd()).graphql(UPDATE_LESSON, { input }), 'UpdateEventLessonSchedule');
  /** The feed again, as a calendar app asks once it holds `previous`: 200 only when something changed. */
  const poll = (url: string, previous: Awaited<ReturnType<typeof readFeed>>) => readFeed(url, { 'if-none-match': previous.header('etag')! });
  const sinceOnly = (url: string, previous: Awaited<ReturnType<typeof readFeed>>) => readFeed(url, { 'if-modified-since': previous.header('last-modified')! });

  it('sends the same bytes while nothing changes, stamps each event with its lesson\'s last change, and answers 304 to its ETag or Last-Modified', async () => {
    const { lesson, url } = await teacherFeed();
    const first = await readFeed(url);
    const second = await readFeed(url);
    expectCalendar(first);
    expect(second.text).toBe(first.text);
    const etag = first.header('etag')!;
    const lastModified = first.header('last-modified')!;
    expect(etag).toMatch(/^"[A-Za-z0-9_-]{20,}"$/);
    expect([second.header('etag'), second.header('last-modified')]).toEqual([etag, lastModified]);
    expect(first.header('cache-control')).toBe('private, no-cache');
    const event = eventOf(first, lesson);
    expect(fieldOf(event, 'DTSTAMP')).toBe(await stampOf(lesson));
    expect(fieldOf(event, 'LAST-MODIFIED')).toBe(await stampOf(lesson));
    expect(fieldOf(event, 'SEQUENCE')).toBe('0');
    // Last-Modified is the lesson's last change, to the second.
    expect(Date.parse(lastModified)).toBe(Date.parse(`${(await stampOf(lesson)).replace(/^(\d{4})(\d\d)(\d\d)T(\d\d)(\d\d)(\d\d)Z$/, '$1-$2-$3T$4:$5:$6')}Z`));

    const later = new Date(Date.parse(lastModified) + 60_000).toUTCString();
    for (const headers of <Record<string, string>[]>[{ 'if-none-match': etag }, { 'if-none-match': `"other", W/${etag}` }, { 'if-modified-since': lastModified }, { 'if-modified-since': later }]) {
      const cached = await readFeed(url, headers);
      expect(cached.status, JSON.stringify(headers)).toBe(304);
      expect(cached.text).toBe('');
      expect([cached.header('etag'), cached.header('last-modified'), cached.header('cache-control')]).toEqual([etag, lastModified, 'private, no-cache']);
    }
    // Another ETag or an older date gets the calendar; If-None-Match decides over If-Modified-Since (RFC 9110 §13.2.2).
    const earlier = new Date(Date.parse(lastModified) - 1000).toUTCString();
    for (const headers of <Record<string, string>[]>[{ 'if-none-match': '"other"' }, { 'if-modified-since': earlier }, { 'if-none-match': '"other"', 'if-modified-since': lastModified }, { 'if-modified-since': 'yesterday' }]) {
      const full = await readFeed(url, headers);
      expect(full.status, JSON.stringify(headers)).toBe(200);
      expect(full.text).toBe(first.text);
    }
  });

  it('a moved lesson changes the ETag and Last-Modified and increases its SEQUENCE; so does a change of room, not of its description', async () => {
    const { lesson, rooms, url } = await teacherFeed();
    const before = await readFeed(url);
    expect(fieldOf(eventOf(before, lesson), 'SEQUENCE')).toBe('0');

    await update({ id: lesson, startDate: slotOn(days[1]!, '14:00', '16:00').startAt, endDate: slotOn(days[1]!, '14:00', '16:00').endAt });
    const moved = await poll(url, before);
    expect(moved.status).toBe(200);
    expect(moved.header('etag')).not.toBe(before.header('etag'));
    expect((await sinceOnly(url, before)).status).toBe(200);
    let event = eventOf(moved, lesson);
    expect(fieldOf(event, 'DTSTART;TZID=Europe/Paris')).toBe(`${days[1]!.replace(/-/g, '')}T140000`);
    expect(fieldOf(event, 'SEQUENCE')).toBe('1');
    expect(fieldOf(event, 'DTSTAMP')).toBe(await stampOf(lesson));
    expect((await poll(url, moved)).status).toBe(304);

    await update({ id: lesson, rooms: [rooms[1]] });
    const roomChanged = await poll(url, moved);
    expect(roomChanged.status).toBe(200);
    event = eventOf(roomChanged, lesson);
    expect(fieldOf(event, 'SEQUENCE')).toBe('2');
    expect(fieldOf(event, 'LOCATION')).toMatch(/^S2-/);

    await update({ id: lesson, description: 'Chapitre 2' });
    const described = await poll(url, roomChanged);
    expect(described.status).toBe(200);
    event = eventOf(described, lesson);
    expect(fieldOf(event, 'SEQUENCE')).toBe('2');
    expect(fieldOf(event, 'DESCRIPTION')).toContain('Chapitre 2');
    expect(fieldOf(event, 'DTSTAMP')).toBe(await stampOf(lesson));
  });

  it('a bulk move (and a bulk change of rooms) increases SEQUENCE too', async () => {
    const worker = await startTestWorker(app.core);
    try {
      const { lesson, rooms, url } = await teacherFeed();
      const before = await readFeed(url);
      const planner = await isd();
      const run = async (body: Record<string, unknown>) => {
        const started = await planner.post('/api/planning/planning/edit/many', { requestId: crypto.randomUUID(), lessonIds: [lesson], ...body });
        expect(started.status, started.text).toBe(202);
        return (await finished(planner, started.json.operation.id)).result.counts;
      };
      expect(await run({ action: 'move', move: { delay: 2, unit: 'hours', direction: 'later' } })).toEqual({ moved: 1 });
      const moved = await poll(url, before);
      expect(moved.status).toBe(200);
      expect(fieldOf(eventOf(moved, lesson), 'DTSTART;TZID=Europe/Paris')).toBe(`${days[0]!.replace(/-/g, '')}T110000`);
      expect(fieldOf(eventOf(moved, lesson), 'SEQUENCE')).toBe('1');
      expect(fieldOf(eventOf(moved, lesson), 'DTSTAMP')).toBe(await stampOf(lesson));

      expect(await run({ action: 'edit', edit: { rooms: [rooms[1]] } })).toEqual({ updated: 1 });
      const edited = await poll(url, moved);
      expect(fieldOf(eventOf(edited, lesson), 'SEQUENCE')).toBe('2');
    } finally {
      await worker.stop();
    }
  }, 120_000);

  it('a cancelled or a removed lesson changes the ETag and Last-Modified', async () => {
    const { lesson, rooms, url, lessonOn } = await teacherFeed();
    const other = await lessonOn(days[2]!, rooms[1]!);
    const before = await readFeed(url);
    expect(before.events).toBe(2);

    await update({ id: lesson, lessonCancellationType: 'disease', cancelDesc: 'Formateur malade' });
    const cancelled = await poll(url, before);
    expect(cancelled.status).toBe(200);
    expect(eventOf(cancelled, lesson)).toContain('STATUS:CANCELLED');
    expect((await sinceOnly(url, before)).status).toBe(200);

    // A deleted lesson leaves no row to date its removal: the feed's content changed, so do its validators.
    const removed = await (await isd()).request('DELETE', `/api/planning/planning-group/lesson/${other}/${crypto.randomUUID()}`);
    expect(removed.status, removed.text).toBe(200);
    const without = await poll(url, cancelled);
    expect(without.status).toBe(200);
    expect(without.lines).not.toContain(uid(other));
    expect(without.events).toBe(1);
    expect((await sinceOnly(url, cancelled)).status).toBe(200);
    expect((await poll(url, without)).status).toBe(304);
    expect((await sinceOnly(url, without)).status).toBe(304);
  });
});

describe('the calendar\'s name', () => {
  const namesOf = (feed: Awaited<ReturnType<typeof readFeed>>) => [fieldOf(feed.lines, 'X-WR-CALNAME'), fieldOf(feed.lines, 'NAME')];
  const english = { 'accept-language': 'en-US,en;q=0.9' };

  it('is in the person\'s language, else the calendar app\'s (Accept-Language), else French', async () => {
    const me = await teacherWithLogin();
    const url = (await (await client(me.email)).post(MY_FEED)).json.url as string;
    const lastName = (await app.core.db.knex('actors').where({ id: me.id }).first('last_name')).last_name;
    const french = `Emploi du temps — Test ${lastName}`;
    const inEnglish = `Timetable — Test ${lastName}`;
    expect(namesOf(await readFeed(url))).toEqual([french, french]);
    expect(namesOf(await readFeed(url, english))).toEqual([inEnglish, inEnglish]);
    expect(namesOf(await readFeed(url, { 'accept-language': 'de-DE' }))).toEqual([french, french]);
    // The same URL in two languages is two contents: each its own ETag.
    expect((await readFeed(url, english)).header('etag')).not.toBe((await readFeed(url)).header('etag'));
    expect((await readFeed(url)).header('vary')).toMatch(/Accept-Language/i);

    await app.core.db.knex('actors').where({ id: me.id }).update({ language: 'fr' });
    expect(namesOf(await readFeed(url, english))).toEqual([french, french]);
    await app.core.db.knex('actors').where({ id: me.id }).update({ language: 'en' });
    expect(namesOf(await readFeed(url))).toEqual([inEnglish, inEnglish]);
  });

  it('of a room follows the calendar app\'s language', async () => {
    const [room] = await makeRooms(app, paris, 1);
    const url = (await (await client(demo('isd'))).post(roomFeed(room!))).json.url as string;
    const name = (await app.core.db.knex('rooms').where({ id: room }).first('name')).name;
    expect(namesOf(await readFeed(url))).toEqual([`Salle ${name} (Paris)`, `Salle ${name} (Paris)`]);
    expect(namesOf(await readFeed(url, english))).toEqual([`Room ${name} (Paris)`, `Room ${name} (Paris)`]);
  });
});
