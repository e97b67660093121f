import { todayIn, type CoreDeps, type Knex, type UploadedFile } from '@alterna/core';
import { groupsOf } from './services/documents.js';
import { nowMs } from '@alterna/core/clock';

const day = (offset: number) => todayIn('Europe/Paris', new Date(nowMs() + offset * 86_400_000));

/** A one-page PDF showing a line of text (the smallest a reader opens). */
function tinyPdf(text: string): Buffer {
  const stream = `BT /F1 18 Tf 72 720 Td (${text.replace(/[()\\]/g, '')}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, i) => {
    offsets.push(body.length);
    body += `${i + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

const file = (filename: string, contentType: string, bytes: Buffer): UploadedFile => ({ filename, contentType, size: bytes.length, bytes });

/**
 * The demo's documents: on the demo student's campus, a folder their planning groups see with published files
 * (one expiring within the warning window), a subfolder with a draft; on Lyon, a folder for its first group.
 */
export async function seedFiles(knex: Knex, core: CoreDeps): Promise<void> {
  const student = await knex('identity_actors').where('email', 'student@demo.alterna.school').first('id');
  const owner = await knex('identity_actors').where('email', 'pedagogy@demo.alterna.school').first('id');
  if (!student || !owner) return;
  const groups = await knex('planning_planning_groups').whereIn('id', groupsOf(knex, student.id)).select('id', 'campus_id');
  const campusId = groups[0]?.campus_id ?? (await knex('training_centre_campuses').where('name', 'Paris').first('id'))?.id;
  if (!campusId) return;
  const lyon = await knex('training_centre_campuses').where('name', 'Lyon').first('id');
  const lyonGroup = lyon ? await knex('planning_planning_groups').where('campus_id', lyon.id).orderBy('name').first('id') : null;

  await knex.transaction(async (trx) => {
    const folder = async (name: string, campus: string, parent: string | null, groupIds: string[]) => {
      const [row] = await trx('files_folders').insert({ name, campus_id: campus, parent_id: parent, created_by: owner.id }).returning('id');
      if (!row) throw new Error(`files seed: folder ${name} not created`);
      if (groupIds.length) await trx('files_folder_planning_groups').insert(groupIds.map((id) => ({ folder_id: row.id, planning_group_id: id })));
      return row.id;
    };
    const put = async (folderId: string, campus: string, upload: UploadedFile, values: { published: boolean; expiration_date?: string | null; typology_reference?: string }) => {
      const stored = await core.files.save(upload, { module: 'files', actorId: owner.id }, trx);
      await trx('files_documents').insert({
        folder_id: folderId, campus_id: campus, stored_file_id: stored.id, name: stored.filename, typology_reference: values.typology_reference ?? 'document',
        expiration_date: values.expiration_date ?? null, published: values.published, owner_id: owner.id, uploaded_by: owner.id,
      });
    };
    const groupIds = groups.filter((g) => g.campus_id === campusId).map((g) => g.id as string);
    const admin = await folder('Documents administratifs', campusId, null, groupIds);
    await put(admin, campusId, file('Reglement_interieur.pdf', 'application/pdf', tinyPdf('Reglement interieur du centre de formation')), { published: true });
    await put(admin, campusId, file('Calendrier_alternance.pdf', 'application/pdf', tinyPdf('Calendrier de l alternance')), { published: true, expiration_date: day(3) });
    await put(admin, campusId, file('Consignes_examens.txt', 'text/plain', Buffer.from('Consignes pour les examens :\n- arriver 15 minutes avant ;\n- pièce d’identité obligatoire.\n')), { published: true, expiration_date: day(60) });
    const certificates = await folder('Attestations', campusId, admin, groupIds);
    await put(certificates, campusId, file('Modele_attestation.pdf', 'application/pdf', tinyPdf('Modele d attestation (brouillon)')), { published: false });
    if (lyon) {
      const resources = await folder('Ressources pédagogiques', lyon.id, null, lyonGroup ? [lyonGroup.id] : []);
      await put(resources, lyon.id, file('Bibliographie.txt', 'text/plain', Buffer.from('Bibliographie du semestre.\n')), { published: true });
    }
  });
}
