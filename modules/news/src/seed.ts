import zlib from 'node:zlib';
import type { CoreDeps, Knex } from '@alterna/core';
import { newsImagePath } from './validation/rules.js';
import { nowMs } from '@alterna/core/clock';

const demo = (typology: string) => `${typology}@demo.alterna.school`;

function crc32(bytes: Buffer): number {
  let crc = ~0;
  for (const byte of bytes) {
    crc ^= byte;
    for (let k = 0; k < 8; k += 1) crc = (crc >>> 1) ^ (0xedb88320 & -(crc & 1));
  }
  return ~crc >>> 0;
}

/** A small PNG banner (a teal-to-blue gradient), made here so the seed carries no binary file. */
export function demoBanner(width = 480, height = 160): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.set([8, 2, 0, 0, 0], 8);
  const rows = Buffer.alloc((width * 3 + 1) * height);
  for (let y = 0; y < height; y += 1) {
    const row = y * (width * 3 + 1);
    for (let x = 0; x < width; x += 1) {
      const p = row + 1 + x * 3;
      rows[p] = 20 + Math.round((x / width) * 40);
      rows[p + 1] = 150 - Math.round((x / width) * 60) + Math.round((y / height) * 20);
      rows[p + 2] = 140 + Math.round((x / width) * 100);
    }
  }
  return Buffer.concat([Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), chunk('IHDR', header), chunk('IDAT', zlib.deflateSync(rows)), chunk('IEND', Buffer.alloc(0))]);
}

const demoPdf = Buffer.from('%PDF-1.4\n1 0 obj<</Type/Catalog>>endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n');

/**
 * Demo news, written by the demo pedagogy manager, published: a page with an image for the students of the demo
 * student's training, a downloadable calendar for those students and for tutors, and a link for tutors and students.
 */
export async function seedNews(core: CoreDeps, knex: Knex): Promise<void> {
  const student = await knex('identity_actors as a')
    .join('students_student_registrations as sr', 'sr.student_id', 'a.id')
    .join('trainings_training_groups as g', 'g.id', 'sr.training_group_id')
    .where('a.email', demo('student')).first('g.training_id', 'g.campus_id');
  const author = await knex('identity_actors').where('email', demo('pedagogy')).first('id');
  if (!student || !author) return;
  await knex.transaction(async (trx) => {
    const banner = demoBanner();
    const image = await core.files.save({ filename: 'rentree.png', contentType: 'image/png', size: banner.length, bytes: banner }, { module: 'news', actorId: author.id }, trx);
    const pdf = await core.files.save({ filename: 'calendrier-alternance.pdf', contentType: 'application/pdf', size: demoPdf.length, bytes: demoPdf }, { module: 'news', actorId: author.id }, trx);
    const content = {
      blocks: [
        { type: 'header', data: { text: 'Bienvenue dans votre formation', level: 2 } },
        { type: 'paragraph', data: { text: 'La rentrée approche : retrouvez ici <b>les premières étapes</b> de votre année en alternance.' } },
        { type: 'image', data: { file: { url: newsImagePath(image.id) }, caption: 'Le campus vous attend', withBorder: false, withBackground: false, stretched: false } },
        { type: 'list', data: { style: 'unordered', items: [
          { content: 'Consultez votre emploi du temps dans <i>Mon espace</i>.', meta: {}, items: [] },
          { content: 'Complétez votre livret avec votre tuteur.', meta: {}, items: [] },
        ] } },
      ],
    };
    const day = (offset: number) => new Date(nowMs() - offset * 86_400_000);
    const rows = await trx('news').insert([
      { type: 'page', title: 'Bienvenue dans votre formation', content: JSON.stringify(content), recipients: ['student'], published: true, published_at: day(3), created_by: author.id },
      { type: 'file', title: "Calendrier de l'alternance", file_id: pdf.id, recipients: ['student', 'tutor'], published: true, published_at: day(2), created_by: author.id },
      { type: 'link', title: 'Le guide du tuteur en entreprise', link: 'https://www.alternance.emploi.gouv.fr/', recipients: ['tutor', 'student'], published: true, published_at: day(1), created_by: author.id },
    ]).returning(['id', 'type']);
    await trx('news_campuses').insert(rows.map((row: { id: string }) => ({ news_id: row.id, campus_id: student.campus_id })));
    const page = rows.find((row: { type: string }) => row.type === 'page')!;
    const file = rows.find((row: { type: string }) => row.type === 'file')!;
    await trx('news_trainings').insert([{ news_id: page.id, training_id: student.training_id }, { news_id: file.id, training_id: student.training_id }]);
    await trx('news_files').insert([
      { file_id: image.id, kind: 'image', uploaded_by: author.id, news_id: page.id, filename: image.filename, content_type: image.contentType, size: image.size },
      { file_id: pdf.id, kind: 'attachment', uploaded_by: author.id, news_id: file.id, filename: pdf.filename, content_type: pdf.contentType, size: pdf.size },
    ]);
  });
}
