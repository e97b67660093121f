import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiClient, demo, startTestApp, type TestApp } from '../../support/app.js';
import { withDemoPassword } from '../../support/attendance/fixtures.js';
import { makeTraining } from '../../support/booklets/fixtures.js';
import { makeRegistration } from '../../support/planning/groups.js';
import { pdfBytes, pngBytes } from '../../support/uploads.js';

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
const xhr = { 'x-requested-with': 'XMLHttpRequest' };
const upload = (c: ApiClient, path: string, bytes: Buffer, name: string, type = 'application/octet-stream') => {
  const form = new FormData();
  form.append('file', new Blob([new Uint8Array(bytes)], { type }), name);
  return c.request('POST', path, form, xhr);
};

/** Two trainings on Paris, a student in each; the Paris campus id. */
async function setup() {
  const t1 = await makeTraining(app);
  const t2 = await makeTraining(app);
  const a = await makeRegistration(app, t1.trainingGroupId);
  const b = await makeRegistration(app, t2.trainingGroupId);
  return { t1, t2, a: await client(await withDemoPassword(app, a.studentId)), b: await client(await withDemoPassword(app, b.studentId)), paris: t1.campusId };
}

const page = (text: string, extra: object[] = []) => ({ blocks: [{ type: 'paragraph', data: { text } }, ...extra] });

describe('news: writing, publishing and who reads it', () => {
  it('a page for the students of one training: unpublished nobody reads it; published its students do, another training\'s do not', async () => {
    const { t1, a, b, paris } = await setup();
    const manager = await client(demo('pedagogy'));
    const created = await manager.post('/api/news/new', {
      type: 'page', title: 'Rentrée', content: page('Bonjour <b>à tous</b><script>alert(1)</script><img src=x onerror=alert(1)>'),
      recipients: ['student'], campusIds: [paris], trainingIds: [t1.trainingId],
    });
    expect(created.status).toBe(200);
    const news = created.json.news;
    expect(news).toMatchObject({ type: 'page', title: 'Rentrée', published: false, publishedAt: null, canManage: true, trainings: [{ id: t1.trainingId }] });
    expect(news.html).toBe('<p>Bonjour <b>à tous</b></p>');
    expect(JSON.stringify(news.content)).not.toContain('script');

    expect((await a.get('/api/news/mine')).json.news.map((n: any) => n.id)).not.toContain(news.id);
    expect((await a.get(`/api/news/mine/${news.id}`)).status).toBe(404);

    const toggled = await manager.post(`/api/news/${news.id}/toggle`);
    expect(toggled.json.news).toMatchObject({ published: true });
    expect(toggled.json.news.publishedAt).toBeTruthy();

    const mine = await a.get('/api/news/mine');
    expect(mine.json.news.find((n: any) => n.id === news.id)).toMatchObject({ title: 'Rentrée', html: '<p>Bonjour <b>à tous</b></p>' });
    expect((await a.get(`/api/actualites/les-miennes/${news.id}`)).json.news.title).toBe('Rentrée');
    expect((await b.get('/api/news/mine')).json.news.map((n: any) => n.id)).not.toContain(news.id);
    expect((await b.get(`/api/news/mine/${news.id}`)).status).toBe(404);
    const tutor = await client(demo('tutor'));
    expect((await tutor.get('/api/news/mine')).json.news.map((n: any) => n.id)).not.toContain(news.id);
    // Students do not reach the staff's list.
    expect((await a.get('/api/news')).status).toBe(403);

    const edited = await manager.post(`/api/news/${news.id}/edit`, { type: 'link', title: 'Rentrée (lien)', link: 'https://example.org/rentree', recipients: ['student', 'tutor'], campusIds: [paris] });
    expect(edited.json.news).toMatchObject({ type: 'link', link: 'https://example.org/rentree', content: null, html: null, trainings: [], published: true });
    expect((await b.get('/api/news/mine')).json.news.map((n: any) => n.id)).toContain(news.id);
    expect((await tutor.get('/api/news/mine')).json.news.map((n: any) => n.id)).toContain(news.id);

    expect((await manager.post(`/api/news/${news.id}/toggle`)).json.news.published).toBe(false);
    expect((await b.get('/api/news/mine')).json.news.map((n: any) => n.id)).not.toContain(news.id);

    expect((await manager.post(`/api/news/${news.id}/delete`)).status).toBe(204);
    expect((await manager.get(`/api/news/${news.id}`)).status).toBe(404);
  });

  it('a group limits students to that group; a teacher on the campus reads what is meant for teachers', async () => {
    const { t1, a, paris } = await setup();
    const other = await makeRegistration(app, t1.trainingGroupId);
    const manager = await client(demo('pedagogy'));
    const t3 = await makeTraining(app);
    const c = await client(await withDemoPassword(app, (await makeRegistration(app, t3.trainingGroupId)).studentId));
    const made = await manager.post('/api/news/new', { type: 'link', title: 'Groupe', link: 'https://example.org', recipients: ['student', 'teacher'], campusIds: [paris], trainingGroupIds: [t1.trainingGroupId] });
    expect(made.status).toBe(200);
    await manager.post(`/api/news/${made.json.news.id}/toggle`);
    const sameGroup = await client(await withDemoPassword(app, other.studentId));
    for (const reader of [a, sameGroup, await client(demo('teacher'))]) {
      expect((await reader.get('/api/news/mine')).json.news.map((n: any) => n.id)).toContain(made.json.news.id);
    }
    expect((await c.get('/api/news/mine')).json.news.map((n: any) => n.id)).not.toContain(made.json.news.id);
  });

  it('staff manage the news of their campuses only', async () => {
    const { paris } = await setup();
    const parisLyon = await client(demo('pedagogy'));
    const lyon = await client(demo('campus-manager'));
    const made = await parisLyon.post('/api/news/new', { type: 'link', title: 'Paris', link: 'https://example.org', recipients: ['teacher'], campusIds: [paris] });
    const id = made.json.news.id;
    for (const attempt of [
      () => lyon.post(`/api/news/${id}/edit`, { type: 'link', title: 'Lyon', link: 'https://example.org', recipients: ['teacher'], campusIds: [paris] }),
      () => lyon.post(`/api/news/${id}/toggle`),
      () => lyon.post(`/api/news/${id}/delete`),
      () => lyon.get(`/api/news/${id}`),
    ]) expect((await attempt()).status).toBe(403);
    expect((await lyon.get('/api/news')).json.news.map((n: any) => n.id)).not.toContain(id);
    expect((await lyon.post('/api/news/new', { type: 'link', title: 'x', link: 'https://example.org', recipients: ['teacher'], campusIds: [paris] })).status).toBe(403);
    expect((await parisLyon.get('/api/news')).json.news.map((n: any) => n.id)).toContain(id);
    const readOnly = await client(demo('read-only'));
    expect((await readOnly.get(`/api/news/${id}`)).json.news.canManage).toBe(false);
    expect((await readOnly.post(`/api/news/${id}/toggle`)).status).toBe(403);
    // Referents land in the staff space too: they read the list, never write.
    const referent = await client(demo('referent'));
    expect((await referent.get('/api/news')).json.news.map((n: any) => n.id)).toContain(id);
    expect((await referent.post(`/api/news/${id}/delete`)).status).toBe(403);
  });

  it('refuses bad input with 422 in the reader\'s language', async () => {
    const { t1, paris } = await setup();
    for (const [language, messages] of [
      ['fr', { title: 'Le titre est obligatoire.', link: 'Le lien est obligatoire.', recipients: 'Choisissez au moins un destinataire.', trainingIds: "Les formations et les groupes ne s'appliquent qu'aux apprenants : ajoutez « Apprenant » aux destinataires ou videz ce champ." }],
      ['en', { title: 'The title is required.', link: 'The link is required.', recipients: 'Choose at least one recipient.', trainingIds: 'Trainings and groups apply to students only: add "Student" to the recipients or empty this field.' }],
    ] as const) {
      const manager = await client(demo('pedagogy'), language);
      const bad = await manager.post('/api/news/new', { type: 'link', title: ' ', recipients: [], campusIds: [paris], trainingIds: [t1.trainingId] });
      expect(bad.status).toBe(422);
      const byPath = Object.fromEntries(bad.json.errors.map((e: any) => [e.path, e.message]));
      expect(byPath).toMatchObject(messages);
    }
    const manager = await client(demo('pedagogy'), 'en');
    const cases: [object, string, string][] = [
      [{ type: 'page', title: 'x', content: { blocks: [] }, recipients: ['student'], campusIds: [paris] }, 'content', "Write the page's content."],
      [{ type: 'file', title: 'x', recipients: ['student'], campusIds: [paris] }, 'fileId', 'Choose the file to download.'],
      [{ type: 'link', title: 'x', link: 'javascript:alert(1)', recipients: ['student'], campusIds: [paris] }, 'link', 'Give a web address starting with http:// or https://.'],
      [{ type: 'video', title: 'x', recipients: ['student'], campusIds: [paris] }, 'type', 'Choose the news type.'],
      [{ type: 'page', title: 'x', content: page('x', [{ type: 'raw', data: { html: '<script></script>' } }]), recipients: ['student'], campusIds: [paris] }, 'content.blocks[1]', 'This block is not supported.'],
      [{ type: 'page', title: 'x', content: page('x', [{ type: 'image', data: { file: { url: 'https://evil.example/x.png' } } }]), recipients: ['student'], campusIds: [paris] }, 'content.blocks[1]', 'An image of the page was not sent from this editor: add it again.'],
      [{ type: 'link', title: 'x', link: 'https://example.org', recipients: ['student'], campusIds: [paris], trainingGroupIds: ['00000000-0000-4000-8000-000000000000'] }, 'trainingGroupIds', 'One of these groups is not on the chosen campuses.'],
      [{ type: 'link', title: 'x', link: 'https://example.org', recipients: ['nobody'], campusIds: [paris] }, 'recipients[0]', 'This recipient does not exist.'],
    ];
    for (const [body, path, message] of cases) {
      const answer = await manager.post('/api/news/new', body);
      expect(answer.status, path).toBe(422);
      expect(answer.json.errors).toContainEqual({ path, message });
    }
    expect((await manager.post('/api/news/not-an-id/toggle')).status).toBe(422);
  });

  it('an image sent from the editor is served to the news item\'s readers only; a PDF sent as an image is refused', async () => {
    const { t1, a, b, paris } = await setup();
    const manager = await client(demo('pedagogy'));
    const sent = await upload(manager, '/api/editorjs/files/new', pngBytes, 'photo.png', 'image/png');
    expect(sent.status).toBe(200);
    expect(sent.json).toMatchObject({ success: 1, file: { url: expect.stringMatching(/^\/api\/news\/images\/[0-9a-f-]{36}$/) } });
    const url = sent.json.file.url as string;
    const refused = await upload(manager, '/api/editorjs/files/new', pdfBytes, 'photo.png', 'image/png');
    expect(refused.status).toBe(422);
    expect(refused.json.errors[0].path).toBe('file');
    expect((await manager.get('/api/editorjs/files/new')).json.accept).toContain('image/png');
    // Before it is used, only its sender reads it.
    expect((await manager.get(url)).status).toBe(200);
    expect((await a.get(url)).status).toBe(404);

    const made = await manager.post('/api/news/new', {
      type: 'page', title: 'Photo', recipients: ['student'], campusIds: [paris], trainingIds: [t1.trainingId],
      content: page('Voici', [{ type: 'image', data: { file: { url: `${app.baseUrl}${url}` }, caption: 'Le <i>campus</i><script>x</script>' } }]),
    });
    expect(made.status).toBe(200);
    expect(made.json.news.html).toContain(`<figure><img src="${url}" alt="Le campus" /><figcaption>Le <i>campus</i></figcaption></figure>`);
    await manager.post(`/api/news/${made.json.news.id}/toggle`);
    const image = await a.get(url);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect((await b.get(url)).status).toBe(404);

    // Removing an image from the editor: a used one stays until its item is saved without it, then goes.
    const remove = (source: string) => upload(manager, '/api/editorjs/files/delete', Buffer.from(source), 'source.txt', 'text/plain');
    expect((await remove(url)).json).toEqual({ success: 1, message: "L'image sera supprimée à l'enregistrement de l'actualité." });
    await manager.post(`/api/news/${made.json.news.id}/edit`, { type: 'page', title: 'Photo', recipients: ['student'], campusIds: [paris], content: page('Sans image') });
    expect((await manager.get(url)).status).toBe(404);
    const loose = (await upload(manager, '/api/editorjs/files/new', pngBytes, 'b.png')).json.file.url;
    expect((await remove(loose)).json).toEqual({ success: 1, message: "L'image a été supprimée." });
    expect((await manager.get(loose)).status).toBe(404);
  });

  it('the nightly cleanup (schedule news-unused-uploads) removes what the form sent and no item took within a day, nothing else; a rerun removes nothing', async () => {
    const { t1, paris } = await setup();
    const knex = app.core.db.knex;
    const manager = await client(demo('pedagogy'));
    const news = app.core.modules.find((m) => m.name === 'news')!;
    expect(news.schedules).toContainEqual({ id: 'news-unused-uploads', workflowType: 'news.unusedUploads', cron: '30 3 * * *' });
    const activities = news.activities!(app.core.services('news'), app.core.deps);
    const idOf = (url: string) => url.split('/').pop()!;
    const forgotten = (await upload(manager, '/api/editorjs/files/new', pngBytes, 'a.png')).json.file.url as string;
    const recent = (await upload(manager, '/api/editorjs/files/new', pngBytes, 'b.png')).json.file.url as string;
    const used = (await upload(manager, '/api/editorjs/files/new', pngBytes, 'c.png')).json.file.url as string;
    const attachment = (await upload(manager, '/api/news/files', pdfBytes, 'd.pdf')).json.file.id as string;
    const page = await manager.post('/api/news/new', {
      type: 'page', title: 'Gardée', recipients: ['student'], campusIds: [paris], trainingIds: [t1.trainingId],
      content: { blocks: [{ type: 'image', data: { file: { url: used } } }] },
    });
    const file = await manager.post('/api/news/new', { type: 'file', title: 'Fichier', fileId: attachment, recipients: ['student'], campusIds: [paris] });
    expect([page.status, file.status]).toEqual([200, 200]);
    await knex('news_files').whereIn('file_id', [idOf(forgotten), idOf(used), attachment]).update({ created_at: knex.raw("now() - interval '2 days'") });

    expect(await activities.newsUnusedUploadsRemove!(500)).toBe(1);
    expect((await manager.get(forgotten)).status).toBe(404);
    expect(await knex('stored_files').where('id', idOf(forgotten))).toEqual([]);
    for (const kept of [recent, used]) expect((await manager.get(kept)).status).toBe(200);
    expect((await manager.get(`/api/news/${file.json.news.id}/file`)).status).toBe(200);
    expect(await activities.newsUnusedUploadsRemove!(500)).toBe(0);
  });

  it('a downloadable file is downloaded by its audience only', async () => {
    const { t1, a, b, paris } = await setup();
    const manager = await client(demo('pedagogy'));
    const sent = await upload(manager, '/api/news/files', pdfBytes, '../../calendrier.pdf');
    expect(sent.status).toBe(200);
    expect(sent.json.file).toMatchObject({ filename: 'calendrier.pdf', contentType: 'application/pdf' });
    const made = await manager.post('/api/news/new', { type: 'file', title: 'Calendrier', fileId: sent.json.file.id, recipients: ['student'], campusIds: [paris], trainingIds: [t1.trainingId] });
    expect(made.json.news.file).toMatchObject({ filename: 'calendrier.pdf' });
    const id = made.json.news.id;
    expect((await a.get(`/api/news/${id}/file`)).status).toBe(404);
    await manager.post(`/api/news/${id}/toggle`);
    const file = await a.get(`/api/news/${id}/file`);
    expect(file.status).toBe(200);
    expect(file.text.startsWith('%PDF')).toBe(true);
    expect((await b.get(`/api/news/${id}/file`)).status).toBe(404);
    // Another manager cannot take a file they did not send.
    const other = await client(demo('management'));
    const reuse = await other.post('/api/news/new', { type: 'file', title: 'x', fileId: sent.json.file.id, recipients: ['student'], campusIds: [paris] });
    expect(reuse.status).toBe(422);
  });
});

describe('news: the Editor.js link tool', () => {
  let site: http.Server;
  let siteUrl = '';
  beforeAll(async () => {
    site = http.createServer((request, response) => {
      if (request.url === '/redirect') {
        response.writeHead(302, { location: '/page' });
        response.end();
        return;
      }
      if (request.url === '/banner.png') {
        response.writeHead(200, { 'content-type': 'image/png' });
        response.end(pngBytes);
        return;
      }
      response.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      response.end(`<html><head><title>Ignored title</title><meta property="og:title" content="Journée portes ouvertes &amp; forum">
        <meta name="description" content="Venez découvrir nos formations."><meta property="og:image" content="/banner.png"></head><body>${'x'.repeat(10)}</body></html>`);
    });
    await new Promise<void>((resolve) => site.listen(0, '127.0.0.1', resolve));
    siteUrl = `http://127.0.0.1:${(site.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => site.close(() => resolve())));

  it('refuses a loopback address without the setting, in the reader\'s language', async () => {
    const fr = await client(demo('pedagogy'));
    const refused = await fr.get(`/api/editorjs/linktool?url=${encodeURIComponent(`${siteUrl}/page`)}`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: 'url', message: 'Cette adresse mène à un réseau privé ou local : elle n\'est pas consultée.' }]);
    const en = await client(demo('pedagogy'), 'en');
    const post = await en.post('/api/editorjs/linktool', { url: `${siteUrl}/page` });
    expect(post.json.errors).toEqual([{ path: 'url', message: 'This address leads to a private or local network: it is not fetched.' }]);
    expect((await en.post('/api/editorjs/linktool', { url: 'file:///etc/passwd' })).json.errors[0].path).toBe('url');
    // Students never use the link tool.
    const { a } = await setup();
    expect((await a.get(`/api/editorjs/linktool?url=${encodeURIComponent(siteUrl)}`)).status).toBe(403);
  });

  it('reads a local page\'s title, description and image with NEWS_LINKTOOL_ALLOW_PRIVATE=true, through a redirect; the image is served from here', async () => {
    process.env.NEWS_LINKTOOL_ALLOW_PRIVATE = 'true';
    const open = await startTestApp().finally(() => {
      delete process.env.NEWS_LINKTOOL_ALLOW_PRIVATE;
    });
    try {
      const manager = new ApiClient(open.baseUrl, 'fr');
      await manager.login(demo('pedagogy'));
      const answer = await manager.get(`/api/editorjs/linktool?url=${encodeURIComponent(`${siteUrl}/redirect`)}`);
      expect(answer.status).toBe(200);
      expect(answer.json).toEqual({
        success: 1, link: `${siteUrl}/page`,
        meta: { title: 'Journée portes ouvertes & forum', description: 'Venez découvrir nos formations.', image: { url: expect.stringMatching(/^\/api\/news\/images\/[0-9a-f-]{36}$/) } },
      });
      // The page's image was downloaded and is served from this site (the CSP's img-src 'self'), to its sender first.
      const imageUrl = answer.json.meta.image.url as string;
      const image = await manager.get(imageUrl);
      expect(image.status).toBe(200);
      expect(image.headers.get('content-type')).toBe('image/png');
      const t1 = await makeTraining(open);
      const t2 = await makeTraining(open);
      const reader = new ApiClient(open.baseUrl);
      await reader.login(await withDemoPassword(open, (await makeRegistration(open, t1.trainingGroupId)).studentId));
      const other = new ApiClient(open.baseUrl);
      await other.login(await withDemoPassword(open, (await makeRegistration(open, t2.trainingGroupId)).studentId));
      expect((await reader.get(imageUrl)).status).toBe(404);
      // Saved in a page, the preview keeps it; the item's readers get it, and the rendered page shows it.
      const made = await manager.post('/api/news/new', {
        type: 'page', title: 'Portes ouvertes', recipients: ['student'], campusIds: [t1.campusId], trainingIds: [t1.trainingId],
        content: { blocks: [{ type: 'linkTool', data: { link: answer.json.link, meta: answer.json.meta } }] },
      });
      expect(made.status).toBe(200);
      expect(made.json.news.html).toContain(`<img src="${imageUrl}" alt="" /> <strong>Journée portes ouvertes &amp; forum</strong>`);
      await manager.post(`/api/news/${made.json.news.id}/toggle`);
      expect((await reader.get('/api/news/mine')).json.news.find((n: any) => n.id === made.json.news.id).html).toContain(`<img src="${imageUrl}"`);
      const read = await reader.get(imageUrl);
      expect(read.status).toBe(200);
      expect(read.headers.get('content-type')).toBe('image/png');
      expect((await other.get(imageUrl)).status).toBe(404);
    } finally {
      await open.close();
    }
  });
});
