import type { MailboxServices, TemplateContent } from '@alterna/mailbox/types';
import { emptyContent, mergeTags, newColumnWidget, newSection } from '@alterna/mailbox/validation';
import { NotFoundError } from '@alterna/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { pdfBytes, pngBytes, UploadClient } from '../../support/uploads.js';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
});
afterAll(() => app.close());

const client = async (email: string, language = 'fr') => {
  const c = new ApiClient(app.baseUrl, language);
  await c.login(email);
  return c;
};
const base = '/api/mailbox/mail-templates';

/** A template-mode tree with two layouts and a button. */
function twoLayouts(): TemplateContent {
  const content = emptyContent('template');
  const first = newSection('50-50');
  first.columns[0]!.widgets.push({ ...newColumnWidget('text'), text: 'Bonjour {{firstName}}' } as never);
  first.columns[1]!.widgets.push({ ...newColumnWidget('button'), label: 'Mon espace', href: 'https://alterna.example/?e={{email}}' } as never);
  const second = newSection('25-25-50');
  second.columns[2]!.widgets.push({ ...newColumnWidget('text'), text: 'Campus {{campus}}' } as never);
  content.blocks = [first, second];
  return content;
}
const campuses = async () => {
  const rows = await app.core.deps.knex('training_centre_campuses').select('id', 'name');
  return Object.fromEntries(rows.map((r: { id: string; name: string }) => [r.name, r.id])) as Record<string, string>;
};

describe('mail templates', () => {
  it('the demo centre has three templates; the preview is the compiled HTML with merge tags left literal', async () => {
    const staff = await client(demo('read-only'));
    const list = await staff.get(base);
    expect(list.status).toBe(200);
    expect(list.json.templates).toHaveLength(3);
    expect(Object.keys(list.json.templates[0]).sort()).toEqual(['campusId', 'campusName', 'canEdit', 'id', 'subTitle', 'subject', 'updatedAt'].sort());
    expect(list.json.templates.every((t: { canEdit: boolean }) => !t.canEdit)).toBe(true);
    const newsletter = list.json.templates.find((t: { subject: string }) => t.subject.startsWith('La lettre'));
    const preview = await staff.get(`${base}/preview/${newsletter.id}`);
    expect(preview.status).toBe(200);
    expect(preview.headers.get('content-type')).toMatch(/^text\/html/);
    expect(preview.headers.get('content-security-policy')).toContain('sandbox');
    expect(preview.text).toMatch(/^<!doctype html>/i);
    expect(preview.text).toContain('{{campus}}');
    expect(preview.text).toContain('mj-column-per-50');
    expect((await staff.get(`/api/messagerie/modeles-email/apercu/${newsletter.id}`)).text).toBe(preview.text);

    const services = app.core.services<MailboxServices>('mailbox');
    const sent = await services.templates.renderForSend(newsletter.id);
    expect(sent).toEqual({ subject: 'La lettre du campus de {{campus}}', html: preview.text, text: expect.stringContaining('Forum des entreprises') });
    await expect(services.templates.renderForSend('00000000-0000-4000-8000-000000000000')).rejects.toBeInstanceOf(NotFoundError);
    await expect(services.templates.renderForSend('nope')).rejects.toBeInstanceOf(NotFoundError);
  });

  it('creates, reads, edits, duplicates and deletes; stores jsonContent, mjml and body', async () => {
    const manager = await client(demo('pedagogy'));
    const { Paris } = await campuses();
    const created = await manager.post(base, { subject: 'Convocation', subTitle: 'Examen', content: twoLayouts(), campusId: Paris });
    expect(created.status).toBe(200);
    const template = created.json.template;
    expect(template).toMatchObject({ subject: 'Convocation', subTitle: 'Examen', campusId: Paris, campusName: 'Paris', canEdit: true });
    expect(JSON.parse(template.jsonContent)).toEqual(template.content);
    expect(template.mjml).toContain('<mj-column width="25%">');
    expect(template.body).toContain('href="https://alterna.example/?e={{email}}"');
    for (const tag of ['firstName', 'campus']) expect(template.body).toContain(`{{${tag}}}`);

    const content = twoLayouts();
    (content.blocks[0] as { columns: { widgets: { text?: string }[] }[] }).columns[0]!.widgets[0]!.text = 'Bonsoir';
    const edited = await manager.request('PUT', `${base}/${template.id}`, { subject: 'Convocation (2)', subTitle: '', content, campusId: Paris });
    expect(edited.status).toBe(200);
    expect(edited.json.template.body).toContain('Bonsoir');
    expect((await manager.get(`${base}/preview/${template.id}`)).text).toContain('Bonsoir');

    const copy = await manager.post(`${base}/${template.id}/duplicate`);
    expect(copy.status).toBe(200);
    expect(copy.json.template).toMatchObject({ subject: 'Copie de Convocation (2)', campusId: Paris, content: edited.json.template.content });
    expect(copy.json.template.body).toContain('<title>Copie de Convocation (2)</title>');
    expect(copy.json.template.id).not.toBe(template.id);

    expect((await manager.request('DELETE', `${base}/${template.id}`)).status).toBe(204);
    expect((await manager.get(`${base}/${template.id}`)).status).toBe(404);
    expect((await manager.get(`${base}/${copy.json.template.id}`)).status).toBe(200);
  });

  it('answers 422 in the person\'s language for a bad tree, naming each field', async () => {
    const content = emptyContent('email');
    const section = content.blocks[0] as { columns: { widgets: unknown[] }[] };
    section.columns[0]!.widgets.push(
      { ...newColumnWidget('button'), href: 'javascript:alert(1)' },
      { id: 'x1', type: 'script' },
      { ...newColumnWidget('text'), fontSize: 400 },
      newColumnWidget('divider'),
    );
    const body = { subject: '', content: { ...content, font: 'Comic Sans' } };
    const fr = await (await client(demo('pedagogy'))).post(base, body);
    expect(fr.status).toBe(422);
    const w = 'content.blocks[0].columns[0].widgets';
    expect(fr.json.errors).toEqual(expect.arrayContaining([
      { path: 'subject', message: "L'objet est obligatoire." },
      { path: 'content.font', message: 'Cette police n\'est pas proposée (Arial, Tahoma, Verdana, Times New Roman, Courier New, Georgia, Lato, Montserrat).' },
      { path: `${w}[0].href`, message: 'Indiquez une adresse commençant par http:// ou https://.' },
      { path: `${w}[1].type`, message: "Ce widget n'existe pas." },
      { path: `${w}[2].fontSize`, message: 'Indiquez un nombre entier de 8 à 72.' },
    ]));
    const en = await (await client(demo('pedagogy'), 'en')).post(base, { subject: 'S', content });
    expect(en.status).toBe(422);
    expect(en.json.errors).toEqual(expect.arrayContaining([
      { path: `${w}[0].href`, message: 'Give an address starting with http:// or https://.' },
      { path: `${w}[1].type`, message: 'This widget does not exist.' },
    ]));
    // A valid tree whose widget the mode does not offer (a divider in e-mail mode).
    section.columns[0]!.widgets = [newColumnWidget('divider')];
    const mode = await (await client(demo('pedagogy'), 'en')).post(base, { subject: 'S', content });
    expect(mode.json.errors).toEqual([{ path: `${w}[0].type`, message: 'This widget is not offered in this mode.' }]);
    const types = await (await client(demo('pedagogy'), 'en')).post(base, { subject: 3, content: 'x' });
    expect(types.status).toBe(422);
  });

  it('previews an unsaved tree with the same renderer', async () => {
    const manager = await client(demo('pedagogy'));
    const draft = await manager.post(`${base}/preview`, { subject: 'Brouillon', content: twoLayouts() });
    expect(draft.status).toBe(200);
    expect(draft.headers.get('content-type')).toMatch(/^text\/html/);
    expect(draft.text).toContain('<title>Brouillon</title>');
    for (const tag of ['firstName', 'email', 'campus']) expect(draft.text).toContain(`{{${tag}}}`);
    expect(draft.text).not.toMatch(/<script/i);
    const bad = await manager.post(`${base}/preview`, { content: { ...twoLayouts(), width: 5 } });
    expect(bad.status).toBe(422);
    expect(bad.json.errors[0].path).toBe('content.width');
    expect(mergeTags).toEqual(['firstName', 'lastName', 'email', 'training', 'group', 'campus']);
  });

  it('keeps campuses apart: Lyon\'s manager neither sees nor changes a Paris template; centre-wide needs every campus', async () => {
    const { Paris, Lyon } = await campuses();
    const paris = await client(demo('pedagogy'));
    const made = (await paris.post(base, { subject: 'Paris seulement', content: twoLayouts(), campusId: Paris })).json.template;
    const lyon = await client(demo('campus-manager'));
    expect((await lyon.get(base)).json.templates.map((t: { id: string }) => t.id)).not.toContain(made.id);
    expect((await lyon.get(`${base}/${made.id}`)).status).toBe(404);
    expect((await lyon.get(`${base}/preview/${made.id}`)).status).toBe(404);
    expect((await lyon.request('PUT', `${base}/${made.id}`, { subject: 'x', content: twoLayouts(), campusId: Lyon })).status).toBe(404);
    expect((await lyon.request('DELETE', `${base}/${made.id}`)).status).toBe(404);

    const centreWide = await lyon.post(base, { subject: 'Tout le centre', content: twoLayouts(), campusId: null });
    expect(centreWide.status).toBe(422);
    expect(centreWide.json.errors[0].path).toBe('campusId');
    const notMine = await lyon.post(base, { subject: 'Paris', content: twoLayouts(), campusId: Paris });
    expect(notMine.json.errors).toEqual([{ path: 'campusId', message: 'Vous ne gérez pas les modèles d\'e-mail de ce campus.' }]);
    const own = await lyon.post(base, { subject: 'Lyon', content: twoLayouts(), campusId: Lyon });
    expect(own.status).toBe(200);

    // A centre-wide demo template: Lyon reads it, may not edit it, and duplicates it into Lyon.
    const seeded = (await lyon.get(base)).json.templates.find((t: { campusId: string | null }) => t.campusId === null);
    expect(seeded.canEdit).toBe(false);
    expect((await lyon.request('DELETE', `${base}/${seeded.id}`)).status).toBe(403);
    const copy = await lyon.post(`${base}/${seeded.id}/duplicate`);
    expect(copy.json.template).toMatchObject({ campusId: Lyon, canEdit: true });

    const readOnly = await client(demo('read-only'));
    expect((await readOnly.post(base, { subject: 'x', content: twoLayouts(), campusId: Paris })).status).toBe(403);
    const teacher = await client(demo('teacher'));
    expect((await teacher.get(base)).status).toBe(403);
    expect((await new ApiClient(app.baseUrl).get(base)).status).toBe(401);
  });

  it('uploads images only: a PDF posted as an image gets the SPEC message; the image is served at an unguessable public address', async () => {
    const uploader = new UploadClient(app.baseUrl, 'en');
    await uploader.login(demo('pedagogy'));
    const pdf = await uploader.upload(`${base}/upload-file`, { bytes: pdfBytes, name: 'photo.png', type: 'image/png' });
    expect(pdf.status).toBe(422);
    expect(pdf.json).toEqual({ errors: [{ path: 'file', message: 'Invalid file type: application/pdf. Expected image.' }] });
    const frUploader = new UploadClient(app.baseUrl, 'fr');
    await frUploader.login(demo('pedagogy'));
    const pdfFr = await frUploader.upload(`/api/messagerie/modeles-email/televerser-fichier`, { bytes: pdfBytes, name: 'photo.png', type: 'image/png' });
    expect(pdfFr.json.errors).toEqual([{ path: 'file', message: 'Type de fichier invalide : application/pdf. Attendu : image.' }]);

    const png = await uploader.upload(`${base}/upload-file`, { bytes: pngBytes, name: '../../logo.png', type: 'image/png' });
    expect(png.status).toBe(200);
    expect(png.json).toEqual({ success: true, imageUrl: expect.stringMatching(new RegExp(`^${app.baseUrl}/api/mailbox/mail-templates/images/[A-Za-z0-9_-]{43}$`)) });
    const image = await fetch(png.json.imageUrl);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(Buffer.from(await image.arrayBuffer())).toEqual(pngBytes);
    expect((await fetch(`${app.baseUrl}/api/mailbox/mail-templates/images/${'a'.repeat(43)}`)).status).toBe(404);
    expect((await fetch(`${app.baseUrl}/api/mailbox/mail-templates/images/..%2F..%2Fetc`)).status).toBe(404);

    const { Paris } = await campuses();
    const lyon = new UploadClient(app.baseUrl, 'en');
    await lyon.login(demo('campus-manager'));
    expect((await lyon.upload(`${base}/upload-file`, { bytes: pngBytes, name: 'a.png' }, { campusId: Paris! })).status).toBe(403);

    const readOnly = new UploadClient(app.baseUrl, 'en');
    await readOnly.login(demo('read-only'));
    expect((await readOnly.upload(`${base}/upload-file`, { bytes: pngBytes, name: 'a.png' })).status).toBe(403);
  });

  it('stores hero and wrapper blocks in template mode and a text-only minimal template', async () => {
    const manager = await client(demo('pedagogy'));
    const content = twoLayouts();
    const section = newSection('67-33');
    section.columns[0]!.widgets.push({ ...newColumnWidget('text'), text: 'Dans un conteneur' } as never);
    content.blocks.push(
      { id: 'hero1', type: 'hero', title: 'Examens', text: 'Groupe {{group}}', backgroundColor: '#2f4858', backgroundUrl: '', color: '#ffffff', height: 200, buttonLabel: 'Voir', buttonHref: 'https://alterna.example' },
      { id: 'wrap1', type: 'wrapper', backgroundColor: '#f1f3f5', borderColor: '#dddddd', padding: 10, sections: [section] },
    );
    const saved = await manager.post(base, { subject: 'Blocs', content });
    expect(saved.status).toBe(200);
    expect(saved.json.template.mjml).toContain('<mj-hero');
    expect(saved.json.template.mjml).toContain('<mj-wrapper');
    expect(saved.json.template.body).toContain('Dans un conteneur');
    expect(saved.json.template.body).toContain('Groupe {{group}}');
    const buttonWithoutLink = await manager.post(base, { subject: 'x', content: { ...content, blocks: [{ ...content.blocks.at(-2), buttonHref: '' }] } });
    expect(buttonWithoutLink.json.errors).toEqual([{ path: 'content.blocks[0].buttonHref', message: 'Indiquez une adresse commençant par http:// ou https://.' }]);

    const minimal = emptyContent('minimal');
    (minimal.blocks[0] as { columns: { widgets: unknown[] }[] }).columns[0]!.widgets.push({ ...newColumnWidget('text'), text: 'Court' });
    const plain = await manager.post(base, { subject: 'Minimal', content: minimal });
    expect(plain.status).toBe(200);
    expect(plain.json.template.content.mode).toBe('minimal');
  });
});
