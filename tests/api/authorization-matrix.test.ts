import { writeFileSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../support/app.js';
import { campusesOf, loginAll, oneCampusEach, type Campuses, type MatrixActor } from '../support/matrix/actors.js';
import { planCells, type CellPlan } from '../support/matrix/cells.js';
import { addMissingRecords } from '../support/matrix/fixtures.js';
import { closeConnections, MatrixClient } from '../support/matrix/http.js';
import { judge, pool, send, type Verdict } from '../support/matrix/judge.js';
import { applyMarkers, type Markers } from '../support/matrix/markers.js';
import { loadRecords, type Records } from '../support/matrix/records.js';
import { nowMs } from '@alterna/core/clock';

// The authorization matrix (issue #14): every mounted route (both language paths) and every GraphQL Query and
// Mutation field, for each of the 12 typologies on its own campus and on the other one (and, for person-scoped
// logins, another person's records on their campus), plus anonymous. The expected answer comes from the
// declared permissions and from whose record each cell names (support/matrix/cells.ts); no answer may carry
// another campus's markers (support/matrix/markers.ts).

let app: TestApp;
let campuses: Campuses;
let actors: MatrixActor[];
let records: Records;
let markers: Markers;
let plan: CellPlan;
// A web page for the news link tool to read.
const page = http.createServer((_, response) => response.writeHead(200, { 'content-type': 'text/html' }).end('<html><head><title>Matrix</title></head><body></body></html>'));

const setupTimes: string[] = [];
const timed = async <T>(label: string, step: Promise<T>): Promise<T> => {
  const started = nowMs();
  const result = await step;
  setupTimes.push(`${label} ${((nowMs() - started) / 1000).toFixed(1)} s`);
  return result;
};

beforeAll(async () => {
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve));
  // Sessions as in production (reused a moment; the rules do not change once logged in); the news link tool may read
  // the local page (the module reads the variable when it starts).
  process.env.NEWS_LINKTOOL_ALLOW_PRIVATE = 'true';
  app = await timed('app', startTestApp({ SESSION_CACHE_MS: '60000' }).finally(() => {
    delete process.env.NEWS_LINKTOOL_ALLOW_PRIVATE;
  }));
  const knex = app.core.db.knex;
  campuses = await campusesOf(knex);
  await oneCampusEach(knex, campuses);
  // Logging in (password hashes) while the records are prepared.
  const loggedIn = timed('logins', loginAll(knex, app.baseUrl, campuses));
  await timed('fixtures', addMissingRecords(knex, campuses, app.core.deps.files));
  markers = await timed('markers', applyMarkers(knex, campuses));
  records = await timed('records', loadRecords(knex));
  actors = await loggedIn;
  plan = await timed('plan', planCells(app.core, records, actors, campuses.paris, `http://127.0.0.1:${(page.address() as AddressInfo).port}/`));
});
afterAll(async () => {
  page.close();
  closeConnections();
  await app?.close();
});

const line = (v: Verdict) => `${v.cell.entry} as ${v.cell.actor?.typology ?? 'anonymous'} (${v.cell.scope}): expected ${v.cell.expect}, got ${v.got} — ${v.cell.request.method} ${v.cell.request.path}`;

describe('authorization matrix', () => {
  // Before the matrix, whose last phase logs everyone out (a public change).
  it("keeps students and company people to their own: another student's absences, marks and booklet, another company's apprentice", async () => {
    const knex = app.core.db.knex;
    const as = (typology: string) => actors.find((actor) => actor.typology === typology)!;
    // Emma Leroy: a Paris student, apprentice of another company than the demo tutor's and contact's, not the coach's.
    const emma = await knex('actors').where('email', 'emma.leroy@demo.alterna.school').first('id');
    const registration = await knex('student_registrations as r').join('training_groups as g', 'g.id', 'r.training_group_id')
      .where('r.student_id', emma.id).orderBy('g.start_date', 'desc').first('r.id');
    const form = await knex('booklet_forms').where('student_registration_id', registration.id).first('id');
    const absence = await knex('attendance_lines').where({ student_id: emma.id, status: 'absent' }).first('id');
    const marker = `S${markers.studentNumber.get(emma.id)}-`;
    const cases: [string, string][] = [
      ['student', `/api/absences-and-lateness/my-absences/${absence.id}/show-justificative/0`],
      ['student', `/api/booklets/registration/${registration.id}`],
      ['student', `/api/booklet-forms/${form.id}`],
      ['student', `/api/marks/followed/${emma.id}`],
      ...(['tutor', 'corporation-contact', 'coach'] as const).flatMap((typology): [string, string][] => [
        [typology, `/api/marks/followed/${emma.id}`],
        [typology, `/api/booklets/registration/${registration.id}`],
        [typology, `/api/booklet-forms/${form.id}`],
      ]),
    ];
    const refusals = await Promise.all(cases.map(async ([typology, path]) => {
      const answer = await as(typology).client.request('GET', path);
      return `${typology} ${path}: ${answer.status}${answer.text.includes(marker) ? ' with her data' : ''}`;
    }));
    expect(refusals).toEqual(cases.map(([typology, path]) => expect.stringMatching(new RegExp(`^${typology} ${path}: 40[34]$`))));
    // Lists of one's own never carry her records, whatever they are asked to filter.
    const lists: [string, string][] = [
      ['student', `/api/absences-and-lateness/my-absences?student=${emma.id}`],
      ['student', `/api/my-marks?student=${emma.id}`],
      ['student', `/api/my-report-cards?student=${emma.id}`],
      ['student', `/api/booklets/mine?student=${emma.id}`],
      ...(['tutor', 'corporation-contact', 'coach'] as const).flatMap((typology): [string, string][] => [
        [typology, `/api/absences-and-lateness/my-students?student=${emma.id}`],
        [typology, '/api/marks/followed'],
        [typology, '/api/booklets/mine'],
      ]),
    ];
    const answers = await Promise.all(lists.map(async ([typology, path]) => {
      const answer = await as(typology).client.request('GET', path);
      return `${typology} ${path}: ${answer.status}${answer.text.includes(marker) ? ' with her data' : ''}`;
    }));
    expect(answers).toEqual(lists.map(([typology, path]) => `${typology} ${path}: 200`));
  });

  it('answers every route and operation, for every typology on both campuses and anonymous, as the declarations say, and leaks nothing', async () => {
    const anonymous = new MatrixClient(app.baseUrl);
    const started = nowMs();
    const verdicts: Verdict[] = [];
    for (const phase of [0, 1, 2] as const) {
      const cells = plan.cells.filter((cell) => cell.phase === phase);
      verdicts.push(...(await pool(cells, 16, async (cell) => {
        const sent = nowMs();
        const answer = await send(cell, anonymous);
        return { ...judge(cell, answer, markers, campuses), ms: nowMs() - sent };
      })));
    }
    const seconds = ((nowMs() - started) / 1000).toFixed(1);
    const mismatches = verdicts.filter((v) => v.mismatch);
    const leaks = verdicts.filter((v) => v.leaks.length);
    const count = (of: (v: Verdict) => string) => {
      const counts: Record<string, number> = {};
      for (const v of verdicts) counts[of(v)] = (counts[of(v)] ?? 0) + 1;
      return counts;
    };
    const routeCells = verdicts.filter((v) => !v.cell.graphql).length;
    console.log(
      `authorization matrix: ${verdicts.length} cells (${plan.routes} route paths: ${routeCells}, ${plan.operations} GraphQL operations: ${verdicts.length - routeCells}; `
      + '12 typologies on their own campus and the other one, person-scoped ones also on another person\'s records, and anonymous), '
      + `${leaks.length} leaks, ${mismatches.length} mismatches, ${seconds} s`,
    );
    console.log(`authorization matrix: expected answers ${JSON.stringify(count((v) => v.cell.expect))}; other-side changes with a body their schema accepts: ${verdicts.filter((v) => v.cell.acceptedBody).length}`);
    console.log(`authorization matrix: grid cells not sent ${JSON.stringify(plan.notSent)}`);
    console.log(`authorization matrix: rows marked ${JSON.stringify(markers.marked)}; answers showing them ${JSON.stringify(markers.seen)}`);
    console.log(`authorization matrix: set-up ${setupTimes.join(', ')}`);
    const found = {
      leaks: leaks.map((v) => `${line(v)} — ${v.leaks.map((l) => `${l.marker} (${l.why})`).join(', ')}`),
      mismatches: mismatches.map(line),
    };
    // MATRIX_REPORT=<file>: the whole list and the slowest entries, when the failure's diff is cut short.
    if (process.env.MATRIX_REPORT) {
      const slowest = Object.entries(count((v) => v.cell.entry)).map(([entry]) => [entry, verdicts.filter((v) => v.cell.entry === entry).reduce((sum, v) => sum + (v.ms ?? 0), 0)] as const)
        .sort((a, b) => b[1] - a[1]).slice(0, 40).map(([entry, ms]) => `${ms} ms ${entry}`);
      writeFileSync(process.env.MATRIX_REPORT, [...found.leaks, '', ...found.mismatches, '', ...slowest, ''].join('\n'));
    }
    expect(found).toEqual({ leaks: [], mismatches: [] });
    // The leak check is not vacuous: the main campus-scoped tables' markers do reach the answers of their own campus.
    for (const table of ['lessons', 'actors', 'planning_groups', 'training_groups', 'rooms', 'files_documents', 'news', 'courses_exams', 'attendance_lines', 'coaching_follow_ups', 'marks_general_appraisals']) {
      expect(markers.seen[table], table).toBeGreaterThan(0);
    }
  }, 300_000);
});
