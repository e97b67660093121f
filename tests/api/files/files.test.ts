import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demo, startTestApp, type ApiClient, type TestApp } from '../../support/app.js';
import { loggedIn, tinyPdf, tinyPng, upload } from '../../support/attendance/absences.js';
import { lessonNow } from '../../support/attendance/fixtures.js';
import { tag } from '../../support/planning/fixtures.js';
import { nowMs } from '@alterna/core/clock';
import { todayIn } from '@alterna/core/dates';

let app: TestApp;
beforeAll(async () => {
  app = await startTestApp();
}, 120_000);
afterAll(async () => {
  await app?.close();
});

const campus = async (name: string) => (await app.core.db.knex('campuses').where({ name }).first('id')).id as string;
const day = (offset: number) => todayIn('Europe/Paris', new Date(nowMs() + offset * 86_400_000));

const createFolder = `mutation ($input: CreatePepalFolderInput!) {
  createPepalFolder(input: $input) { pepalFolder { id folderName campusId parent { id folderName } planningGroups { id name } } }
}`;
const updateFolder = `mutation ($input: UpdatePepalFolderInput!) {
  updatePepalFolder(input: $input) { pepalFolder { id folderName parent { folderName } planningGroups { id } } }
}`;

async function folder(client: ApiClient, input: Record<string, unknown>) {
  const answer = await client.graphql(createFolder, { input });
  if (!answer.json.data?.createPepalFolder) throw new Error(answer.text);
  return answer.json.data.createPepalFolder.pepalFolder as { id: string; folderName: string; parent: { id: string; folderName: string } | null };
}

const put = (client: ApiClient, fields: Record<string, string>, file: { bytes: Buffer; name: string; type?: string }) => upload(client, '/api/files/upload', fields, file);

describe('folders (GraphQL createPepalFolder / updatePepalFolder, POST /folders/{id}/delete)', () => {
  it('creates a tree, renames and moves, never into itself, and deletes a folder with its files', async () => {
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const paris = await campus('Paris');
    const group = (await app.core.db.knex('planning_groups').where({ campus_id: paris }).first('id', 'name'));
    const top = await folder(pedagogy, { folderName: `Top ${tag()}`, campus: paris, planningGroups: [group.id] });
    expect(top.parent).toBeNull();
    const child = await folder(pedagogy, { folderName: 'Child', campus: paris, parent: top.id });
    expect(child.parent).toEqual({ id: top.id, folderName: top.folderName });

    const renamed = await pedagogy.graphql(updateFolder, { input: { id: child.id, folderName: 'Renamed child', planningGroups: [group.id] } });
    expect(renamed.json.data.updatePepalFolder.pepalFolder).toEqual({ id: child.id, folderName: 'Renamed child', parent: { folderName: top.folderName }, planningGroups: [{ id: group.id }] });

    const listed = await pedagogy.graphql('query ($campus: ID) { pepalFolders(campus: $campus) { id folderName parent { folderName } planningGroups { id } } }', { campus: paris });
    expect(listed.json.data.pepalFolders).toEqual(expect.arrayContaining([
      { id: top.id, folderName: top.folderName, parent: null, planningGroups: [{ id: group.id }] },
      { id: child.id, folderName: 'Renamed child', parent: { folderName: top.folderName }, planningGroups: [{ id: group.id }] },
    ]));

    const cycle = await pedagogy.graphql(updateFolder, { input: { id: top.id, parent: child.id } });
    expect(cycle.json.errors[0].extensions.violations).toEqual([{ path: 'parent', message: 'A folder cannot be put inside itself or one of its subfolders.' }]);
    const blank = await pedagogy.graphql(createFolder, { input: { folderName: '  ', campus: paris } });
    expect(blank.json.errors[0].extensions.violations).toEqual([{ path: 'folderName', message: 'This value should not be blank.' }]);
    const lyonGroup = await app.core.db.knex('planning_groups').where({ campus_id: await campus('Lyon') }).first('id');
    const foreignGroup = await pedagogy.graphql(createFolder, { input: { folderName: 'X', campus: paris, planningGroups: [lyonGroup.id] } });
    expect(foreignGroup.json.errors[0].extensions.violations[0].path).toBe('planningGroups');

    // Lyon's manager does not reach Paris's folders; a student holds no folder right at all.
    const lyon = await loggedIn(app, demo('campus-manager'), 'en');
    const foreign = await lyon.graphql(updateFolder, { input: { id: top.id, folderName: 'Mine now' } });
    expect(foreign.json.errors[0].extensions.code).toBe('NOT_FOUND');
    expect((await lyon.post(`/api/folders/${top.id}/delete`)).status).toBe(404);
    const student = await loggedIn(app, demo('student'), 'en');
    expect((await student.graphql(createFolder, { input: { folderName: 'S', campus: paris } })).json.errors[0].extensions.code).toBe('FORBIDDEN');

    const stored = await put(pedagogy, { fileTypologyReference: 'document', fileFolder: child.id }, { bytes: tinyPdf, name: 'in-child.pdf' });
    expect(stored.status).toBe(200);
    const storedId = (await app.core.db.knex('files_documents').where({ id: stored.json.file.id }).first('stored_file_id')).stored_file_id;
    const removed = await pedagogy.post(`/api/folders/${top.id}/delete`);
    expect(removed.json).toEqual({ success: true, message: 'The folder was deleted.' });
    expect(await app.core.db.knex('files_folders').whereIn('id', [top.id, child.id])).toEqual([]);
    expect(await app.core.db.knex('stored_files').where({ id: storedId })).toEqual([]);
  });
});

describe('files (SPEC §2 routes)', () => {
  it('uploads, replaces (old bytes kept until the new are stored), toggles, dates, edits and deletes', async () => {
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const paris = await campus('Paris');
    const box = await folder(pedagogy, { folderName: `Box ${tag()}`, campus: paris });
    const teacher = await app.core.db.knex('actors').where({ email: demo('teacher') }).first('id');

    const first = await put(pedagogy, { fileTypologyReference: 'document', fileFolder: box.id, fileOwner: teacher.id, fileExpirationDate: day(30) }, { bytes: tinyPdf, name: 'Planning.pdf' });
    expect(first.status).toBe(200);
    expect(first.json).toMatchObject({ success: true, message: 'The file “Planning.pdf” was uploaded.' });
    expect(first.json.file).toMatchObject({ name: 'Planning.pdf', folderId: box.id, contentType: 'application/pdf', published: false, expirationDate: day(30), owner: { id: teacher.id } });
    const id = first.json.file.id as string;
    const oldStored = (await app.core.db.knex('files_documents').where({ id }).first('stored_file_id')).stored_file_id;

    // The multiple upload route is the same, one file per request (the dropzone sends four at once).
    const second = await upload(pedagogy, '/api/files/multiple-upload', { fileTypologyReference: 'image', fileFolder: box.id }, { bytes: tinyPng, name: 'photo.png' });
    expect(second.status).toBe(200);
    expect(second.json.file.typologyReference).toBe('image');

    const replaced = await put(pedagogy, { fileTypologyReference: 'image', fileToReplace: id }, { bytes: tinyPng, name: 'Planning-v2.png' });
    expect(replaced.status).toBe(200);
    expect(replaced.json.message).toBe('The file “Planning-v2.png” replaced the previous one.');
    expect(replaced.json.file).toMatchObject({ id, name: 'Planning-v2.png', contentType: 'image/png', folderId: box.id, expirationDate: day(30) });
    expect(await app.core.db.knex('stored_files').where({ id: oldStored })).toEqual([]);
    const downloaded = await pedagogy.get(`/api/files/${id}/download`);
    expect(downloaded.status).toBe(200);
    expect(downloaded.headers.get('content-type')).toBe('image/png');

    const toggled = await pedagogy.post('/api/files/toggle-published', { fileId: id });
    expect(toggled.json.file.published).toBe(true);
    expect((await pedagogy.post('/api/files/toggle-published', { fileId: id })).json.file.published).toBe(false);

    // SPEC §7: form data fileId and fileExpirationDate; 200 → success.message.
    const form = (values: Record<string, string>) => pedagogy.request('POST', '/api/files/update-expiration-date', new URLSearchParams(values).toString(), {
      'content-type': 'application/x-www-form-urlencoded', 'x-requested-with': 'XMLHttpRequest',
    });
    const dated = await form({ fileId: id, fileExpirationDate: day(10) });
    expect(dated.status).toBe(200);
    expect(dated.json.success).toEqual({ message: 'The expiration date was updated.' });
    expect(dated.json.file.expirationDate).toBe(day(10));
    const undated = await form({ fileId: id, fileExpirationDate: '' });
    expect(undated.json.success.message).toBe('The expiration date was removed.');
    const wrongDay = await form({ fileId: id, fileExpirationDate: '2027-02-30' });
    expect(wrongDay.status).toBe(422);
    expect(wrongDay.json.errors).toEqual([{ path: 'fileExpirationDate', message: 'Enter a valid date (YYYY-MM-DD).' }]);

    const edited = await pedagogy.post(`/api/files/${id}/edit`, { name: 'Planning 2027.png', typologyReference: 'image', expirationDate: day(5), folder: box.id, user: null, owner: null });
    expect(edited.status).toBe(200);
    expect(edited.json.file).toMatchObject({ name: 'Planning 2027.png', expirationDate: day(5), owner: null });
    expect((await pedagogy.get(`/api/files/${id}/edit`)).json.file.name).toBe('Planning 2027.png');
    const listed = await pedagogy.get(`/api/files?campus=${paris}`);
    expect(listed.json.folders.some((f: any) => f.id === box.id)).toBe(true);
    expect(listed.json.files.filter((f: any) => f.folderId === box.id).map((f: any) => f.name).sort()).toEqual(['Planning 2027.png', 'photo.png']);

    const storedNow = (await app.core.db.knex('files_documents').where({ id }).first('stored_file_id')).stored_file_id;
    expect((await pedagogy.post(`/api/files/${id}/delete`)).json).toEqual({ success: true, message: 'The file was deleted.' });
    expect(await app.core.db.knex('files_documents').where({ id })).toEqual([]);
    expect(await app.core.db.knex('stored_files').where({ id: storedNow })).toEqual([]);
    expect((await pedagogy.get(`/api/files/${id}/edit`)).status).toBe(404);
  });

  it('refuses a PDF posted as an image with the SPEC message, and a missing typology or folder', async () => {
    const paris = await campus('Paris');
    const en = await loggedIn(app, demo('pedagogy'), 'en');
    const box = await folder(en, { folderName: `Images ${tag()}`, campus: paris });
    const asImage = await put(en, { fileTypologyReference: 'image', fileFolder: box.id }, { bytes: tinyPdf, name: 'photo.png', type: 'image/png' });
    expect(asImage.status).toBe(422);
    expect(asImage.json.errors).toEqual([{ path: 'file', message: 'Invalid file type: application/pdf. Expected image.' }]);
    const fr = await loggedIn(app, demo('pedagogy'), 'fr');
    const asVideo = await put(fr, { fileTypologyReference: 'video', fileFolder: box.id }, { bytes: tinyPng, name: 'clip.mp4' });
    expect(asVideo.json.errors).toEqual([{ path: 'file', message: 'Type de fichier invalide : image/png. Attendu : video.' }]);
    const missing = await put(en, { fileTypologyReference: '' }, { bytes: tinyPdf, name: 'a.pdf' });
    expect(missing.status).toBe(422);
    expect(missing.json.errors.map((e: any) => e.path).sort()).toEqual(['fileFolder', 'fileTypologyReference']);
    const noFile = await upload(en, '/api/files/upload', { fileTypologyReference: 'document', fileFolder: box.id });
    expect(noFile.status).toBe(422);
    expect(noFile.json.errors.map((e: any) => e.path)).toEqual(['file']);
    expect(await app.core.db.knex('files_documents').where({ folder_id: box.id })).toEqual([]);
  });

  it('takes each typology\'s largest file from FILES_<TYPOLOGY>_MAX_MB: the page is told, a bigger file is refused in SPEC wording, the route reads no further', async () => {
    const paris = await campus('Paris');
    const defaults = await loggedIn(app, demo('pedagogy'), 'fr');
    expect((await defaults.get(`/api/files?campus=${paris}`)).json.typologies.document).toMatchObject({ minBytes: 1, maxBytes: 20 * 1024 * 1024 });
    const sizes = { FILES_DOCUMENT_MAX_MB: '1', FILES_IMAGE_MAX_MB: '1', FILES_VIDEO_MAX_MB: '2', FILES_AUDIO_MAX_MB: '1' };
    Object.assign(process.env, sizes);
    const small = await startTestApp().finally(() => {
      for (const name of Object.keys(sizes)) delete process.env[name];
    });
    try {
      const fr = await loggedIn(small, demo('pedagogy'), 'fr');
      const listed = (await fr.get(`/api/files?campus=${paris}`)).json.typologies;
      expect(Object.fromEntries(Object.entries(listed).map(([typology, rule]: [string, any]) => [typology, rule.maxBytes / 1024 / 1024]))).toEqual({ document: 1, image: 1, video: 2, audio: 1 });
      const box = await folder(fr, { folderName: `Sizes ${tag()}`, campus: paris });
      const text = (size: number) => ({ bytes: Buffer.alloc(size, 'a'), name: 'notes.txt' });
      const over = await put(fr, { fileTypologyReference: 'document', fileFolder: box.id }, text(1.5 * 1024 * 1024));
      expect(over.status).toBe(422);
      expect(over.json.errors).toEqual([{ path: 'file', message: 'Le fichier (1,5 Mo) dépasse la taille maximale (1 Mo).' }]);
      // The route reads up to the largest typology's size (video, 2 MB) and no further.
      expect((await put(fr, { fileTypologyReference: 'document', fileFolder: box.id }, text(3 * 1024 * 1024))).status).toBe(413);
      expect((await put(fr, { fileTypologyReference: 'document', fileFolder: box.id }, text(1024 * 1024))).status).toBe(200);
    } finally {
      await small.close();
    }
  });

  it('stores a ../ file name safely: its last segment as the name, a server-made key', async () => {
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const box = await folder(pedagogy, { folderName: `Names ${tag()}`, campus: await campus('Paris') });
    const answer = await put(pedagogy, { fileTypologyReference: 'document', fileFolder: box.id }, { bytes: Buffer.from('hello\n'), name: '../../../etc/passwd' });
    expect(answer.status).toBe(200);
    expect(answer.json.file.name).toBe('passwd');
    const stored = await app.core.db.knex('files_documents as d').join('stored_files as s', 's.id', 'd.stored_file_id').where('d.id', answer.json.file.id).first('s.storage_key', 's.filename');
    expect(stored.filename).toBe('passwd');
    expect(stored.storage_key).toMatch(/^\d{4}\/\d{2}\/[0-9a-f-]{36}$/);
    const back = await pedagogy.get(`/api/files/${answer.json.file.id}/download`);
    expect(back.text).toBe('hello\n');
    expect(back.headers.get('content-disposition')).toContain('passwd');
  });

  it('keeps campus B out of reach of campus A staff, and read-only staff to reading', async () => {
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const paris = await campus('Paris');
    const box = await folder(pedagogy, { folderName: `Paris only ${tag()}`, campus: paris });
    const file = (await put(pedagogy, { fileTypologyReference: 'document', fileFolder: box.id }, { bytes: tinyPdf, name: 'secret.pdf' })).json.file;

    const lyon = await loggedIn(app, demo('campus-manager'), 'en');
    expect((await lyon.post('/api/files/toggle-published', { fileId: file.id })).status).toBe(404);
    expect((await lyon.post(`/api/files/${file.id}/delete`)).status).toBe(404);
    expect((await lyon.get(`/api/files/${file.id}/download`)).status).toBe(404);
    expect((await lyon.get(`/api/files/${file.id}/edit`)).status).toBe(404);
    expect((await put(lyon, { fileTypologyReference: 'document', fileToReplace: file.id }, { bytes: tinyPdf, name: 'x.pdf' })).status).toBe(404);
    expect((await put(lyon, { fileTypologyReference: 'document', fileFolder: box.id }, { bytes: tinyPdf, name: 'x.pdf' })).status).toBe(404);
    expect((await lyon.get(`/api/files?campus=${paris}`)).json).toMatchObject({ folders: [], files: [] });
    const lyonList = await lyon.get('/api/files');
    expect(lyonList.json.files.some((f: any) => f.id === file.id)).toBe(false);
    expect((await lyon.graphql(createFolder, { input: { folderName: 'Intrus', campus: paris } })).json.errors[0].extensions.violations[0].path).toBe('campus');

    const readOnly = await loggedIn(app, demo('read-only'), 'en');
    expect((await readOnly.get(`/api/files/${file.id}/edit`)).status).toBe(200);
    expect((await readOnly.post('/api/files/toggle-published', { fileId: file.id })).status).toBe(403);
    expect((await app.core.db.knex('files_documents').where({ id: file.id }).first('published')).published).toBe(false);
  });
});

describe('who sees what (students, teachers, tutors)', () => {
  it('shows the published, unexpired files of the folders a person\'s planning groups may see', async () => {
    const lesson = await lessonNow(app, 'paris', 1);
    const pedagogy = await loggedIn(app, demo('pedagogy'), 'en');
    const allowed = await folder(pedagogy, { folderName: `Allowed ${tag()}`, campus: lesson.campusId, planningGroups: [lesson.groupId] });
    const other = await folder(pedagogy, { folderName: `Other ${tag()}`, campus: lesson.campusId });
    const send = async (folderId: string, name: string, publish: boolean, expirationDate?: string) => {
      const fields: Record<string, string> = { fileTypologyReference: 'document', fileFolder: folderId };
      if (expirationDate) fields.fileExpirationDate = expirationDate;
      const file = (await put(pedagogy, fields, { bytes: Buffer.from(`${name}\n`), name })).json.file;
      if (publish) await pedagogy.post('/api/files/toggle-published', { fileId: file.id });
      return file.id as string;
    };
    const published = await send(allowed.id, 'published.txt', true, day(3));
    const draft = await send(allowed.id, 'draft.txt', false);
    const expired = await send(allowed.id, 'expired.txt', true, day(-1));
    const elsewhere = await send(other.id, 'elsewhere.txt', true);

    const student = await loggedIn(app, lesson.students[0]!.email, 'en');
    const mine = await student.get('/api/my-documents');
    expect(mine.status).toBe(200);
    expect(mine.json.folders).toEqual([{ id: allowed.id, folderName: allowed.folderName, files: [expect.objectContaining({ id: published, name: 'published.txt', expirationDate: day(3) })] }]);
    expect((await student.get(`/api/files/${published}/download`)).text).toBe('published.txt\n');
    for (const hidden of [draft, expired, elsewhere]) expect((await student.get(`/api/files/${hidden}/download`)).status).toBe(404);
    // Staff pages and changes are not the student's.
    expect((await student.get('/api/files')).status).toBe(403);
    expect((await student.post('/api/files/toggle-published', { fileId: draft })).status).toBe(403);

    // The lesson's teacher sees the same files; a student of another group sees none of them.
    const teacher = await loggedIn(app, lesson.teacherEmail, 'en');
    expect((await teacher.get('/api/my-documents')).json.folders.map((f: any) => f.id)).toEqual([allowed.id]);
    const demoStudent = await loggedIn(app, demo('student'), 'en');
    const theirs = (await demoStudent.get('/api/my-documents')).json.folders.map((f: any) => f.id);
    expect(theirs).not.toContain(allowed.id);
    expect((await demoStudent.get(`/api/files/${published}/download`)).status).toBe(404);

    // A tutor of the student's company (current contract) sees them too.
    const knex = app.core.db.knex;
    const tutor = await knex('actors').where({ email: demo('tutor') }).first('id');
    const [corporation] = await knex('corporations').insert({ name: `Entreprise ${tag()}` }).returning('id');
    await knex('corporation_people').insert({ corporation_id: corporation.id, actor_id: tutor.id, role: 'tutor' });
    await knex('student_contracts').insert({ registration_id: lesson.students[0]!.id, corporation_id: corporation.id, start_date: day(-30), end_date: day(300) });
    const tutorClient = await loggedIn(app, demo('tutor'), 'en');
    expect((await tutorClient.get('/api/my-documents')).json.folders.map((f: any) => f.id)).toContain(allowed.id);
  });

  it('gives the demo student the demo folder with its published files', async () => {
    const student = await loggedIn(app, demo('student'), 'fr');
    const folders = (await student.get('/api/my-documents')).json.folders;
    const admin = folders.find((f: any) => f.folderName === 'Documents administratifs');
    expect(admin.files.map((f: any) => f.name).sort()).toEqual(['Calendrier_alternance.pdf', 'Consignes_examens.txt', 'Reglement_interieur.pdf']);
    expect(folders.some((f: any) => f.folderName === 'Attestations')).toBe(false);
  });
});
