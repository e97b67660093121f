// Issue #24, booklets, as people meet them: a tutor whose lock is forced open keeps what they typed; once everyone
// signed, the apprentice has no cancel button and the coach cancels with a reason; a coach sees an apprentice once,
// and an evaluation without marks has no average. Key by key, tapping at 390 px for tutors and apprentices, in French
// and English.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Browser, BrowserContextOptions, Page } from 'playwright-core';
import type { TestApp } from '../support/app.js';
import { registerLastYear } from '../support/booklets/fixtures.js';
import { finalEvaluation, signAll } from '../support/booklets/validation.js';
import { login, newContext, screenshot } from '../support/browser.js';
import { startTestWorker } from '../support/worker.js';
import { closeE2eFile, startE2eFile } from '../support/e2e-file.js';

let app: TestApp;
let browser: Browser;
let worker: Awaited<ReturnType<typeof startTestWorker>>;

beforeAll(async () => {
  ({ app, browser, worker } = await startE2eFile({ worker: true }));
}, 120_000);
afterAll(() => closeE2eFile({ browser, worker, app }));

const phone: BrowserContextOptions = { viewport: { width: 390, height: 844 }, hasTouch: true };
const desktop: BrowserContextOptions = { viewport: { width: 1440, height: 900 } };

const settings = {
  fr: {
    locale: 'fr-FR', tutorHome: '/tuteur/tableau-de-bord', tutorForm: '/tuteur/formulaires-livret/', studentHome: '/mon-espace', studentForm: '/mon-espace/formulaires-livret/',
    coachHome: '/coach/tableau-de-bord', coachForm: '/coach/formulaires-livret/', coachList: '/coach/livrets',
    note: 'Stage réussi, autonomie acquise.', mark: '14,5', lost: 'vos modifications n\'ont pas été enregistrées', kept: 'Votre texte est conservé',
    validated: 'Validé', reasonRequired: 'Indiquez le motif de l\'annulation', reason: 'Note à revoir avec le tuteur', invalidate: 'Invalider',
    cancelled: 'Vous avez annulé la validation avec succès!',
    unlock: 'Déverrouiller', mayNotUnlock: 'Seuls ceux qui remplissent ce formulaire et les responsables du campus peuvent le déverrouiller.',
    unlockFailed: 'Une erreur est survenue', average: 'Moyenne\u202f: ',
  },
  en: {
    locale: 'en-US', tutorHome: '/tutor/dashboard', tutorForm: '/tutor/booklet-forms/', studentHome: '/my-space', studentForm: '/my-space/booklet-forms/',
    coachHome: '/coach/dashboard', coachForm: '/coach/booklet-forms/', coachList: '/coach/booklets',
    note: 'Great placement, now works alone.', mark: '14.5', lost: 'your changes were not saved', kept: 'Your text is kept',
    validated: 'Validated', reasonRequired: 'Give the reason for the cancellation', reason: 'Mark to be reviewed with the tutor', invalidate: 'Invalidate',
    cancelled: 'You have successfully cancelled the validation!',
    unlock: 'Unlock', mayNotUnlock: 'Only the people who fill this form and the campus managers may unlock it.',
    unlockFailed: 'An error occurred', average: 'Average: ',
  },
} as const;
type Lang = keyof typeof settings;

async function open(lang: Lang, email: string, home: string, options: BrowserContextOptions): Promise<Page> {
  const context = await newContext(browser, app.baseUrl, settings[lang].locale, options);
  const page = await context.newPage();
  await login(page, email);
  await page.waitForURL(`**${home}`);
  return page;
}

describe('booklet defects (issue #24) in the browser', () => {
  for (const lang of ['fr', 'en'] as const) {
    const s = settings[lang];

    it(`${lang}: the tutor, at 390 px, whose lock the coach forces open keeps the text typed, shown beside the reloaded form and put back`, async () => {
      const { evaluation, company, coach } = await finalEvaluation(app);
      const tutor = await open(lang, company.tutorEmail, s.tutorHome, phone);
      await tutor.goto(`${s.tutorForm}${evaluation.id}`);
      await tutor.getByTestId('edit').tap();
      await tutor.getByTestId('cancel-edit').waitFor();
      // The 5 s lock poll would reload the page as soon as the lock goes: hold it back, so that the save meets the change.
      await tutor.route('**/check-lock', (route) => route.abort());
      await tutor.getByTestId('note-input').tap();
      await tutor.keyboard.press('ControlOrMeta+A');
      await tutor.keyboard.type(s.note, { delay: 20 });
      await tutor.getByTestId('skill-mark').first().tap();
      await tutor.getByTestId('skill-mark').first().selectText();
      await tutor.keyboard.type(s.mark, { delay: 30 });

      // The coach forces the lock open.
      expect((await coach.post(`/api/booklet-forms/${evaluation.id}/release-lock`, { force: true })).status).toBe(200);
      await tutor.getByTestId('save').tap();
      const dialog = tutor.getByRole('dialog');
      await dialog.getByText(s.lost).waitFor();
      expect(await dialog.textContent()).toContain(s.kept);
      await screenshot(tutor, `booklets-defects-lock-lost-${lang}`);
      await tutor.unroute('**/check-lock');
      await tutor.getByTestId('dialog-ok').tap();

      // Reloaded: the saved form, and beside it what the tutor typed.
      const draft = tutor.getByTestId('form-draft');
      await draft.waitFor();
      expect(await tutor.getByTestId('draft-note').textContent()).toBe(s.note);
      expect(await draft.textContent()).toContain(`Communication – ${s.mark}`);
      expect(await tutor.getByTestId('note-input').inputValue()).toBe('Très bonne année.');
      await screenshot(tutor, `booklets-defects-draft-${lang}`);

      // Put back, saved: the draft goes.
      await tutor.getByTestId('edit').tap();
      await tutor.getByTestId('draft-restore').tap();
      expect(await tutor.getByTestId('note-input').inputValue()).toBe(s.note);
      await tutor.getByTestId('save-and-quit').tap();
      await tutor.getByTestId('edit').waitFor();
      expect(await tutor.getByTestId('note-input').inputValue()).toBe(s.note);
      expect(await tutor.getByTestId('skill-mark').first().inputValue()).toBe(s.mark);
      expect(await tutor.getByTestId('form-draft').count()).toBe(0);
      await tutor.context().close();
    }, 120_000);

    it(`${lang}: once everyone signed, the apprentice (390 px) has no cancel button; the coach cancels with a reason typed key by key`, async () => {
      const { evaluation, apprentice, coach, tutor, student, path } = await finalEvaluation(app);
      await signAll(path, coach, [tutor, coach, student]);

      const apprenticePage = await open(lang, apprentice.email, s.studentHome, phone);
      await apprenticePage.goto(`${s.studentForm}${evaluation.id}`);
      await apprenticePage.getByTestId('validation-status').filter({ hasText: s.validated }).waitFor();
      expect(await apprenticePage.getByTestId('cancel-validation').count()).toBe(0);
      await screenshot(apprenticePage, `booklets-defects-signed-apprentice-${lang}`);
      await apprenticePage.context().close();

      const coachPage = await open(lang, apprentice.coachEmail, s.coachHome, desktop);
      await coachPage.goto(`${s.coachForm}${evaluation.id}`);
      // Without a reason: refused with the message, nothing cancelled.
      await coachPage.getByTestId('cancel-validation').click();
      await coachPage.getByRole('button', { name: s.invalidate }).last().click();
      await coachPage.getByText(s.reasonRequired).waitFor();
      await coachPage.getByTestId('dialog-ok').click();
      await coachPage.getByTestId('cancel-validation').click();
      await coachPage.getByTestId('cancel-reason').click();
      await coachPage.keyboard.type(s.reason, { delay: 15 });
      await coachPage.waitForTimeout(300); // the dialog's fade-in, for the picture
      await screenshot(coachPage, `booklets-defects-cancel-reason-${lang}`);
      await coachPage.getByRole('button', { name: s.invalidate }).last().click();
      await coachPage.getByText(s.cancelled).waitFor();
      await coachPage.getByTestId('dialog-ok').click();
      await coachPage.getByTestId('validation-history').first().waitFor();
      expect(await coachPage.getByTestId('validation-history').first().textContent()).toContain(s.reason);
      await coachPage.getByTestId('edit').waitFor();
      await coachPage.context().close();
    }, 150_000);

    it(`${lang}: an unlock the server refuses shows its message, not "an error occurred"; the apprentice (390 px) has no unlock button`, async () => {
      const { evaluation, apprentice, tutor, path } = await finalEvaluation(app);
      expect((await tutor.post(`${path}/set-lock`, {})).status).toBe(200);

      // The apprentice does not fill the final evaluation: told who edits it, offered no unlock.
      const apprenticePage = await open(lang, apprentice.email, s.studentHome, phone);
      await apprenticePage.goto(`${s.studentForm}${evaluation.id}`);
      await apprenticePage.getByTestId('lock-banner').waitFor();
      expect(await apprenticePage.getByTestId('force-unlock').count()).toBe(0);
      await apprenticePage.context().close();

      // The coach's page offers the unlock while the tutor edits; then the tutor sends the form to be signed (his lock
      // goes, the form is frozen): nobody but the campus managers may unlock it now, and the page has not caught up.
      const coachPage = await open(lang, apprentice.coachEmail, s.coachHome, desktop);
      await coachPage.goto(`${s.coachForm}${evaluation.id}`);
      await coachPage.getByTestId('force-unlock').waitFor();
      await coachPage.route('**/check-lock', (route) => route.abort());
      expect((await tutor.post(`${path}/validate`, { validate: true })).status).toBe(200);
      await coachPage.getByTestId('force-unlock').click();
      await coachPage.getByTestId('confirm-dialog').getByRole('button', { name: s.unlock }).click();
      const refused = coachPage.getByTestId('alert-dialog');
      await refused.getByText(s.mayNotUnlock).waitFor();
      expect(await refused.getByTestId('dialog-message').textContent()).toBe(s.mayNotUnlock);
      expect(await refused.textContent()).not.toContain(s.unlockFailed);
      await screenshot(coachPage, `booklets-defects-unlock-refused-${lang}`);
      await refused.getByTestId('dialog-ok').click();
      await coachPage.context().close();
    }, 120_000);

    it(`${lang}: a coach sees an apprentice once (this year's registration) unless asked; an evaluation without marks shows "—"`, async () => {
      const { training, apprentice, coach } = await finalEvaluation(app);
      const { groupName, registrationId } = await registerLastYear(app, training, apprentice.studentId);
      const name = `${apprentice.firstName} ${apprentice.lastName}`;

      const coachPage = await open(lang, apprentice.coachEmail, s.coachHome, desktop);
      await coachPage.getByTestId('apprentice-row').filter({ hasText: name }).first().waitFor();
      expect(await coachPage.getByTestId('apprentice-row').filter({ hasText: name }).count()).toBe(1);
      await coachPage.goto(s.coachList);
      const cards = coachPage.getByTestId('booklet-card').filter({ hasText: name });
      await cards.first().waitFor();
      expect(await cards.count()).toBe(1);
      expect(await cards.first().getByTestId('form-average').allTextContents()).toEqual(['—', lang === 'fr' ? '16,50' : '16.50']);
      // Earlier years when asked: last year's booklet, its evaluation never marked.
      await coachPage.getByTestId('earlier-years').click();
      await coachPage.waitForFunction((who) => [...document.querySelectorAll('[data-testid="booklet-card"]')].filter((c) => c.textContent?.includes(who)).length === 2, name);
      const last = coachPage.getByTestId('booklet-card').filter({ hasText: groupName });
      expect(await last.getByTestId('form-average').allTextContents()).toEqual(['—', '—']);
      await screenshot(coachPage, `booklets-defects-coach-list-${lang}`);

      // The form page's badge too: "—" for last year's evaluation, never marked (not 0,00); this year's its average.
      const all = (await coach.get('/api/booklets/mine?registrations=all')).json.booklets as any[];
      const evaluationOf = (registration: string) => all.find((b) => b.registration.id === registration).forms.find((f: any) => f.modules.includes('final-evaluation')).id as string;
      await coachPage.goto(`${s.coachForm}${evaluationOf(registrationId)}`);
      await coachPage.getByTestId('average-mark').waitFor();
      expect(await coachPage.getByTestId('average-mark').textContent()).toBe(`${s.average}—`);
      await coachPage.goto(`${s.coachForm}${evaluationOf(apprentice.id)}`);
      await coachPage.getByTestId('average-mark').filter({ hasText: lang === 'fr' ? '16,50' : '16.50' }).waitFor();
      expect(await coachPage.getByTestId('average-mark').textContent()).toBe(`${s.average}${lang === 'fr' ? '16,50' : '16.50'}`);
      await coachPage.context().close();
    }, 120_000);
  }
});
