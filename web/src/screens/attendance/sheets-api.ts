import type { ListedSheet } from '@alterna/attendance/types';
import i18n from '../../i18n';
import { apiFetch, readJson, requestJson, toViolations } from '../../shared/http';

export type { ListedSheet } from '@alterna/attendance/types';

export interface SheetSearch {
  campus: string | null;
  from: string;
  to: string;
}

/** `GET /api/attendance/sheets`: the sheets of the actor's campuses between two days. */
export const loadSheets = (search: SheetSearch) => {
  const query = new URLSearchParams({ from: search.from, to: search.to, ...(search.campus ? { campus: search.campus } : {}) });
  return requestJson<{ campuses: { id: string; name: string }[]; sheets: ListedSheet[]; truncated: boolean }>('GET', `/api/attendance/sheets?${query}`);
};

/** The name Content-Disposition gives (RFC 6266 `filename*` first: the accents of "Émargements"). */
function attachmentName(header: string | null): string {
  const star = /filename\*=UTF-8''([^;]+)/i.exec(header ?? '');
  if (star) return decodeURIComponent(star[1]!);
  return /filename="([^"]+)"/i.exec(header ?? '')?.[1] ?? 'Emargements.zip';
}

/** SPEC §7: posts the lessons' ids, saves the zip the server streams back; answers its name. Throws the server's message. */
export async function downloadSheets(lessons: string[]): Promise<string> {
  const response = await apiFetch('/api/attendance/sheet/download', { method: 'POST', json: { lessons }, headers: { Accept: 'application/zip, application/json' } });
  if (!response.ok) {
    const body = (await readJson(response)) as { errors?: unknown } | null;
    const message = response.status >= 500 ? i18n.t('errors.server500') : (toViolations(body?.errors)[0]?.message ?? i18n.t('errors.http', { status: response.status }));
    throw new Error(message);
  }
  const name = attachmentName(response.headers.get('content-disposition'));
  const url = URL.createObjectURL(await response.blob());
  const link = document.createElement('a');
  link.href = url;
  link.download = name;
  document.body.appendChild(link);
  link.click();
  link.remove();
  // The browser has taken the file once the click is handled.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
  return name;
}

/** A campus's sheet window (issue #24): `GET|POST /api/absences-and-lateness/sheet-settings/{campus}`. */
export const sheetSettingsUrl = (campusId: string) => `/api/absences-and-lateness/sheet-settings/${encodeURIComponent(campusId)}`;
export const loadSheetSettings = (campusId: string) =>
  requestJson<{ settings: import('@alterna/attendance/validation').SheetSettings }>('GET', sheetSettingsUrl(campusId));
