import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser } from 'playwright-core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { closedSheet, tinyPdf } from '../support/attendance/absences.js';
import { launchBrowser, login, newContext, screenshot, typeInto } from '../support/browser.js';
import { startSmtpSink } from '../support/smtp-sink.js';
import { withDemoPassword } from '../support/attendance/fixtures.js';
import { makePerson } from '../support/planning/fixtures.js';

let app: TestApp;
let browser: Browser;
let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let sheet: Awaited<ReturnType<typeof closedSheet>>;

beforeAll(async () => {
  sink = await startSmtpSink();
  app = await startTestApp({ SMTP_URL: sink.url });
  browser = await launchBrowser();
  sheet = await closedSheet(app);
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await app?.close();
  await sink?.close();
});

describe('absences and justifications in the browser', () => {
  it('a student justifies the absence with a file, the staff accepts it and the student is told', async () => {
    const studentContext = await newContext(browser, app.baseUrl, 'fr-FR');
    const student = await studentContext.newPage();
    await login(student, sheet.absent.email);
    await student.waitForURL('**/mon-espace');
    // The menu's entry (the home links to the same page from its attendance card).
    await student.getByTestId('space-nav').getByRole('link', { name: 'Mes absences' }).click();
    await student.waitForURL('**/absences-et-retards/mes-absences');
    await expect.poll(() => student.getByTestId('my-absences').locator('tbody tr').count()).toBe(1);
    expect(await student.getByTestId('attendance-legend').textContent()).toContain('Absent (1/1)');
    await screenshot(student, 'absences-mine-fr');

    await student.getByTestId('justify-absence').click();
    await student.waitForURL('**/voir-justificatif/0');
    const document = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'alterna-')), 'certificat.pdf');
    fs.writeFileSync(document, tinyPdf);
    // A reason is required: the form says so before anything is sent.
    await student.getByTestId('justification-submit').click();
    await expect.poll(() => student.getByText('Choisissez un motif.').count()).toBeGreaterThan(0);
    await student.locator('#reason').click();
    await student.getByRole('option', { name: 'Maladie' }).click();
    await typeInto(student.locator('#comment'), 'Grippe, certificat joint.');
    const chooser = student.waitForEvent('filechooser');
    await student.getByTestId('justification-file').click();
    await (await chooser).setFiles(document);
    await screenshot(student, 'absences-justify-fr');
    await student.getByTestId('justification-submit').click();
    await student.waitForURL('**/absences-et-retards/mes-absences');
    await expect.poll(() => student.getByTestId('my-justifications').locator('tbody tr').count()).toBe(1);
    expect(await student.getByTestId('my-justifications').textContent()).toContain('En attente');

    const staffContext = await newContext(browser, app.baseUrl, 'en-GB');
    const staff = await staffContext.newPage();
    await login(staff, demo('pedagogy'));
    await staff.waitForURL('**/administration/dashboard');
    await staff.getByRole('link', { name: 'Absences and lateness' }).click();
    await staff.waitForURL('**/absences-and-lateness');
    const row = staff.getByTestId('justification-row').filter({ hasText: sheet.absent.lastName.toUpperCase() });
    await expect.poll(() => row.count()).toBe(1);
    expect(await row.getByTestId('justification-document').textContent()).toBe('certificat.pdf');
    await screenshot(staff, 'absences-staff-en');
    await typeInto(row.getByRole('textbox'), 'Certificate received, get well.');
    // A decision is final: the confirmation names the student and what happens; "Decide later" leaves it pending.
    await row.getByTestId('accept-justification').click();
    const sure = staff.getByTestId('confirm-dialog');
    await sure.waitFor();
    const name = `${sheet.absent.firstName} ${sheet.absent.lastName}`;
    expect(await staff.getByTestId('dialog-title').textContent()).toBe(`Accept the justification of ${name}?`);
    expect(await sure.getByTestId('dialog-message').textContent()).toMatch(new RegExp(`^The (absence|\\d+ absences) of ${name} \\(.+\\) becomes? justified\\. The decision is final\\.$`));
    // Shot once the dialog has finished fading in.
    await expect.poll(() => staff.locator('.mantine-Modal-content').evaluateAll((boxes) => boxes.map((box) => getComputedStyle(box).opacity))).toEqual(['1']);
    await screenshot(staff, 'absences-accept-confirm-en');
    await sure.getByTestId('dialog-cancel').click();
    await expect.poll(() => staff.getByTestId('confirm-dialog').count()).toBe(0);
    expect(await row.getByTestId('justification-accepted').count()).toBe(0);
    await row.getByTestId('accept-justification').click();
    await staff.getByTestId('confirm-dialog').getByTestId('dialog-ok').click();
    await expect.poll(() => row.getByTestId('justification-accepted').count()).toBe(1);
    await expect.poll(() => sink.mails.filter((m) => m.to.includes(sheet.absent.email)).length).toBe(1);

    await staff.getByTestId('tab-statistics').click();
    await expect.poll(() => staff.getByTestId('attendance-legend').count()).toBe(1);
    await screenshot(staff, 'absences-statistics-en');

    await student.reload();
    await expect.poll(() => student.getByTestId('my-absences').getByTestId('justification-accepted').count()).toBe(1);
    await screenshot(student, 'absences-justified-fr');
    await studentContext.close();
    await staffContext.close();
  });

  it('shows a coach their students’ attendance, in French', async () => {
    const knex = app.core.db.knex;
    const coachId = await makePerson(app, [sheet.campusId], 'coach');
    const email = await withDemoPassword(app, coachId);
    const session = await knex('student_registrations as r').join('training_groups as g', 'g.id', 'r.training_group_id').where('r.id', sheet.late.id).first('g.training_session_id');
    await knex('coach_attributions').insert([sheet.late, sheet.present].map((s) => ({ coach_id: coachId, student_id: s.studentId, campus_id: sheet.campusId, training_session_id: session.training_session_id })));
    const context = await newContext(browser, app.baseUrl, 'fr-FR');
    const page = await context.newPage();
    await login(page, email);
    await page.waitForURL('**/coach/tableau-de-bord');
    await page.getByRole('link', { name: 'Assiduité de mes apprenants' }).click();
    await expect.poll(() => page.getByTestId('coached-student').count()).toBe(2);
    expect(await page.getByTestId('coached-students-page').textContent()).toContain('Retard (1/1)');
    await screenshot(page, 'absences-coach-fr');
    await context.close();
  });
});
