import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import { demo, startTestApp, type TestApp } from '../support/app.js';
import { launchBrowser, login, newContext, screenshot, typeInto } from '../support/browser.js';
import { startTestWorker } from '../support/worker.js';
import { createPerson, removePeople, type TestPerson } from '../api/profile-changes/support.js';

let app: TestApp;
let worker: Awaited<ReturnType<typeof startTestWorker>>;
let browser: Browser;
const people: TestPerson[] = [];

beforeAll(async () => {
  app = await startTestApp();
  worker = await startTestWorker(app.core);
  browser = await launchBrowser();
}, 120_000);
afterAll(async () => {
  await browser?.close();
  await worker?.stop();
  if (app) {
    await removePeople(app.core.db.knex, people);
    await app.close();
  }
});

interface Words {
  locale: string;
  myProfile: string;
  inbox: string;
  navMyProfile: string;
  navInbox: string;
  submit: string;
  navOperations: string;
  operations: string;
  approvedBy: string;
  nothing: string;
  filed: string;
  pending: string;
  approved: string;
  approve: string;
  approveTitle: string;
  approvedFilter: string;
  done: (name: string) => string;
  change: (from: string, to: string) => string;
}

const french: Words = {
  locale: 'fr-FR',
  myProfile: '/mon-profil',
  inbox: '/administration/demandes-de-modification-de-profil',
  navMyProfile: 'Mon profil',
  navInbox: 'Modifications de profil',
  submit: 'Envoyer la demande',
  navOperations: 'Opérations en masse',
  operations: '/administration/operations-en-masse',
  approvedBy: 'Approuvée par Claire Martin',
  nothing: "Modifiez au moins un champ : c'est déjà votre profil.",
  filed: 'Votre demande a été envoyée à votre centre de formation.',
  pending: 'En attente',
  approved: 'Approuvée',
  approve: 'Approuver',
  approveTitle: 'Approuver cette demande ?',
  approvedFilter: 'Approuvées',
  done: (name) => `Le profil de ${name} a été modifié.`,
  change: (from, to) => `Nom : ${from} → ${to}`,
};
const english: Words = {
  locale: 'en-US',
  myProfile: '/my-profile',
  inbox: '/administration/profile-change-requests',
  navMyProfile: 'My profile',
  navInbox: 'Profile changes',
  submit: 'Send the request',
  navOperations: 'Bulk operations',
  operations: '/administration/operations',
  approvedBy: 'Approved by Claire Martin',
  nothing: 'Change at least one field: this is already your profile.',
  filed: 'Your request has been sent to your training centre.',
  pending: 'Pending',
  approved: 'Approved',
  approve: 'Approve',
  approveTitle: 'Approve this request?',
  approvedFilter: 'Approved',
  done: (name) => `The profile of ${name} has been changed.`,
  change: (from, to) => `Last name: ${from} → ${to}`,
};

async function openFromNavigation(page: Page, label: string, path: string) {
  await page.getByTestId('space-nav').getByText(label, { exact: true }).click();
  await page.waitForURL((url) => url.pathname === path);
}

describe.each([
  ['fr', french],
  ['en', english],
])('a student asks for a profile change, pedagogy approves it (%s)', (lang, words) => {
  it('files, approves in the inbox with a confirmation, and shows the request approved', async () => {
    const student = await createPerson(app.core.db.knex, 'student', 'Paris', { firstName: 'Maëlle' });
    people.push(student);
    const newName = `Renamed-${lang}`;

    // The student files the request from their own space.
    const studentContext = await newContext(browser, app.baseUrl, words.locale);
    const studentPage = await studentContext.newPage();
    await login(studentPage, student.email);
    await studentPage.getByTestId('home-student').waitFor();
    await openFromNavigation(studentPage, words.navMyProfile, words.myProfile);
    const form = studentPage.getByTestId('profile-change-form');
    expect(await form.locator('#lastName').inputValue()).toBe(student.lastName);
    // Sending the profile as it is: the server says why, in the red block, and nothing is filed.
    expect(await studentPage.getByTestId('profile-change-submit').innerText()).toBe(words.submit);
    await studentPage.getByTestId('profile-change-submit').click();
    expect(await studentPage.getByTestId('form-errors').innerText()).toBe(words.nothing);
    await screenshot(studentPage, `profile-changes-${lang}-1-form`);
    expect(await studentPage.getByTestId('my-requests-empty').isVisible()).toBe(true);
    await typeInto(form.locator('#lastName'), newName);
    await studentPage.getByTestId('profile-change-submit').click();
    await studentPage.getByText(words.filed).waitFor();
    const mine = studentPage.getByTestId('my-request').first();
    await mine.getByTestId('request-status').filter({ hasText: words.pending }).waitFor();
    expect(await mine.getByTestId('request-changes').innerText()).toContain(words.change(student.lastName, newName));
    await studentPage.getByTestId('pending-notice').waitFor();
    expect(await studentPage.getByTestId('profile-change-submit').isDisabled()).toBe(true);
    await screenshot(studentPage, `profile-changes-${lang}-2-filed`);

    // Pedagogy approves it in the inbox, after a confirmation.
    const staffContext = await newContext(browser, app.baseUrl, words.locale);
    const staffPage = await staffContext.newPage();
    await login(staffPage, demo('pedagogy'));
    await staffPage.getByTestId('home-staff').waitFor();
    await openFromNavigation(staffPage, words.navInbox, words.inbox);
    const person = `${student.firstName} ${student.lastName}`;
    const row = staffPage.locator(`[data-testid="inbox-row"][data-person="${person}"]`);
    await row.waitFor();
    expect(await row.getByTestId('request-changes').innerText()).toContain(words.change(student.lastName, newName));
    await screenshot(staffPage, `profile-changes-${lang}-3-inbox`);
    await row.getByTestId('request-approve').click();
    const dialog = staffPage.getByTestId('confirm-dialog');
    await dialog.waitFor();
    expect(await staffPage.getByTestId('dialog-title').innerText()).toBe(words.approveTitle);
    await screenshot(staffPage, `profile-changes-${lang}-4-confirm`);
    await staffPage.getByTestId('dialog-ok').click();
    await staffPage.getByText(words.done(person)).waitFor();
    await row.waitFor({ state: 'detached' });
    await staffPage.getByTestId('inbox-filter').getByText(words.approvedFilter, { exact: true }).click();
    const approvedRow = staffPage.locator(`[data-testid="inbox-row"][data-person="${student.firstName} ${newName}"]`);
    await approvedRow.getByTestId('request-status').filter({ hasText: words.approved }).waitFor();
    await screenshot(staffPage, `profile-changes-${lang}-5-approved`);
    expect((await app.core.db.knex('actors').where({ id: student.id }).first()).last_name).toBe(newName);

    // The run on the operations page: completed, its one item done with who decided.
    await openFromNavigation(staffPage, words.navOperations, words.operations);
    const operation = staffPage.getByTestId('operation-row').filter({ has: staffPage.getByTestId('operation-subject').getByText(person, { exact: true }) });
    await operation.and(staffPage.locator('[data-status="completed"]')).waitFor();
    await operation.getByTestId('operation-toggle').click();
    await staffPage.locator('[data-testid="operation-item"][data-status="done"]').getByText(words.approvedBy).first().waitFor();
    await screenshot(staffPage, `profile-changes-${lang}-5b-operations`);

    // The student sees it approved, and their profile as it now is.
    await studentPage.reload();
    await studentPage.getByTestId('my-request').first().getByTestId('request-status').filter({ hasText: words.approved }).waitFor();
    expect(await studentPage.getByTestId('profile-change-form').locator('#lastName').inputValue()).toBe(newName);
    expect(await studentPage.getByTestId('actor-name').innerText()).toContain(newName);
    expect(await studentPage.getByTestId('profile-change-submit').isDisabled()).toBe(false);
    await screenshot(studentPage, `profile-changes-${lang}-6-seen`);
    await studentContext.close();
    await staffContext.close();
  });
});
