import type { Absence, AttendanceAlert, AttendanceStatistics, Justification, JustificationStatus } from '@alterna/attendance/types';
import { requestForm, requestJson } from '../../shared/http';

export type { Absence, AttendanceStatistics, Justification } from '@alterna/attendance/types';

const base = '/api/absences-and-lateness';

export interface MyAbsences {
  absences: Absence[];
  justifications: Justification[];
  statistics: AttendanceStatistics;
}

export const loadMyAbsences = () => requestJson<MyAbsences>('GET', `${base}/my-absences`);
export const loadAbsenceJustification = (absenceId: string, readOnly: boolean) =>
  requestJson<{ absence: Absence; justification: Justification | null; readOnly: boolean }>(
    'GET', `${base}/my-absences/${encodeURIComponent(absenceId)}/show-justificative/${readOnly ? 1 : 0}`,
  );

export interface JustificationFormValues {
  reason: string;
  comment: string;
  startDate: string;
  endDate: string;
  file: File | null;
}

/** The form as multipart: the text fields, then the document (the server sniffs its type). */
export function sendJustification(values: JustificationFormValues, absenceId: string | null) {
  const form = new FormData();
  form.append('reason', values.reason);
  if (values.comment) form.append('comment', values.comment);
  if (!absenceId) {
    form.append('startDate', values.startDate);
    form.append('endDate', values.endDate);
  }
  if (values.file) form.append('file', values.file, values.file.name);
  const url = absenceId ? `${base}/my-absences/${encodeURIComponent(absenceId)}/show-justificative/0` : `${base}/my-absences/add-justificative`;
  return requestForm<{ justification: Justification }>(url, form);
}

/** The group's certificates of completion over the period: a zip the browser downloads. */
export const certificatesUrl = (search: AbsenceSearch) => `${base}/certificates${query({ planningGroup: search.planningGroup, from: search.from, to: search.to })}`;

export const documentUrl = (justificationId: string) => `${base}/justifications/${encodeURIComponent(justificationId)}/document`;

export interface AbsenceSearch {
  campus?: string;
  planningGroup?: string;
  from?: string;
  to?: string;
  kind?: string;
  justified?: string;
}

function query(search: AbsenceSearch) {
  const params = new URLSearchParams(Object.entries(search).filter(([, v]) => v) as [string, string][]);
  return params.size ? `?${params}` : '';
}

export const loadAbsences = (search: AbsenceSearch) => requestJson<{ absences: Absence[]; total: number }>('GET', `${base}${query(search)}`);
export const loadStatistics = (search: AbsenceSearch) => requestJson<AttendanceStatistics>('GET', `${base}/statistics${query({ ...search, kind: undefined, justified: undefined })}`);
export const loadJustifications = (status: JustificationStatus | null) =>
  requestJson<{ justifications: Justification[] }>('GET', `${base}/justifications${status ? `?status=${status}` : ''}`);
export const decideJustification = (id: string, decision: 'accept' | 'refuse', comment: string) =>
  requestJson<{ justification: Justification }>('POST', `${base}/justifications/${encodeURIComponent(id)}/${decision}`, { comment: comment || null });

export type { AlertSettings } from '@alterna/attendance/validation';

export const loadAlerts = (search: AbsenceSearch) =>
  requestJson<{ alerts: AttendanceAlert[] }>('GET', `${base}/alerts${query({ campus: search.campus, from: search.from, to: search.to })}`);
export const loadAlertSettings = (campusId: string) =>
  requestJson<{ settings: import('@alterna/attendance/validation').AlertSettings }>('GET', `${base}/alerts/settings/${encodeURIComponent(campusId)}`);
export const alertSettingsUrl = (campusId: string) => `${base}/alerts/settings/${encodeURIComponent(campusId)}`;
