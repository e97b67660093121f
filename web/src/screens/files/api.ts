import type { Folder, ManagedFile, VisibleFolder } from '@alterna/files/types';
import type { TypologyRules } from '@alterna/files/validation';
import { apiFetch, readJson, requestForm, requestJson, ViolationError, bodyViolations } from '../../shared/http';
import { gql } from '../../shared/gql';
import i18n from '../../i18n';

export type { Folder, ManagedFile, VisibleFolder } from '@alterna/files/types';

const enc = encodeURIComponent;

/** Staff: the folders and files of a campus, and each typology's sizes in force on the server. */
export const loadDocuments = (campus: string) => requestJson<{ folders: Folder[]; files: ManagedFile[]; typologies: TypologyRules }>('GET', `/api/files?campus=${enc(campus)}`);
/** Students, teachers and tutors: the published files they may see. */
export const loadMyDocuments = () => requestJson<{ folders: VisibleFolder[] }>('GET', '/api/my-documents');
export const downloadUrl = (id: string) => `/api/files/${enc(id)}/download`;

export const togglePublished = (fileId: string) => requestJson<{ file: ManagedFile }>('POST', '/api/files/toggle-published', { fileId });
/** `/files/{id}/edit`: the name, typology, expiration date, folder, person and owner (the others kept as they are). */
export const editFile = (file: ManagedFile, change: { name: string; typologyReference: string }) =>
  requestJson<{ file: ManagedFile; message: string }>('POST', `/api/files/${enc(file.id)}/edit`, {
    name: change.name, typologyReference: change.typologyReference, expirationDate: file.expirationDate, folder: file.folderId,
    user: file.user?.id ?? null, owner: file.owner?.id ?? null,
  });
export const deleteFile = (id: string) => requestJson<{ success: boolean; message: string }>('POST', `/api/files/${enc(id)}/delete`, {});
export const deleteFolder = (id: string) => requestJson<{ success: boolean; message: string }>('POST', `/api/folders/${enc(id)}/delete`, {});

/** SPEC §7: form data fileId and fileExpirationDate; 200 → success.message, else the server's message. */
export async function updateExpirationDate(fileId: string, date: string | null): Promise<{ message: string; file: ManagedFile }> {
  const response = await apiFetch('/api/files/update-expiration-date', {
    method: 'POST',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ fileId, fileExpirationDate: date ?? '' }).toString(),
  });
  const body = (await readJson(response)) as { success?: { message: string }; file: ManagedFile; error?: { message: string } } | null;
  if (response.ok && body?.success) return { message: body.success.message, file: body.file };
  const violations = bodyViolations(body);
  const message = body?.error?.message ?? violations[0]?.message ?? (response.status >= 500 ? i18n.t('errors.server500') : i18n.t('errors.http', { status: response.status }));
  throw new ViolationError(message, violations, response.status);
}

/** SPEC §7 upload: multipart file, fileTypologyReference, the folder, optional fileToReplace. */
export function uploadFile(file: File, fields: { typology: string; folder?: string; replace?: string; multiple?: boolean }) {
  const form = new FormData();
  form.append('fileTypologyReference', fields.typology);
  if (fields.folder) form.append('fileFolder', fields.folder);
  if (fields.replace) form.append('fileToReplace', fields.replace);
  form.append('file', file, file.name);
  return requestForm<{ success: boolean; message: string; file: ManagedFile }>(fields.multiple ? '/api/files/multiple-upload' : '/api/files/upload', form);
}

const folderFields = 'id folderName campusId parent { id folderName } planningGroups { id name }';

export const createFolder = (input: { folderName: string; campus: string; parent: string | null; planningGroups: string[] }) =>
  gql<{ createPepalFolder: { pepalFolder: Folder } }>(`mutation CreatePepalFolder($input: CreatePepalFolderInput!) { createPepalFolder(input: $input) { pepalFolder { ${folderFields} } } }`, { input }, { silent: true });

export const updateFolder = (input: { id: string; folderName?: string; parent?: string | null; planningGroups?: string[] }) =>
  gql<{ updatePepalFolder: { pepalFolder: Folder } }>(`mutation UpdatePepalFolder($input: UpdatePepalFolderInput!) { updatePepalFolder(input: $input) { pepalFolder { ${folderFields} } } }`, { input }, { silent: true });

/** The planning groups of a campus (planning's GraphQL query), for the groups allowed to see a folder. */
export async function loadPlanningGroups(campus: string): Promise<{ id: string; name: string }[]> {
  const data = await gql<{ PlanningGroupByCampus: { uuid: string; name: string }[] }>(
    'query FilesPlanningGroups($campusList: [ID!]) { PlanningGroupByCampus(campusList: $campusList) { uuid name } }',
    { campusList: [campus] },
    { silent: true },
  );
  return data.PlanningGroupByCampus.map((group) => ({ id: group.uuid, name: group.name })).sort((a, b) => a.name.localeCompare(b.name));
}
