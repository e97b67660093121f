import { languageOf, type Translate } from '@alterna/core';
import { formatDate, formatTime, personName } from '@alterna/core/validation';
import type { AlertKind } from '../validation/index.js';

// The attendance e-mails' texts (issue #25): days as the reader writes them (01/12/2026), never ISO, names as
// every page writes them. Pure, so a unit test renders each kind in each language without a server.

export interface Mail { subject: string; text: string }

/** An alert's e-mail: unjustified half-days, consecutive absences or the request to justify a day. */
export function alertMail(t: Translate, alert: { kind: AlertKind; first_name: string; last_name: string; count: number; threshold: number; window_days: number; day: Date | string }): Mail {
  const language = languageOf(t);
  // The alert's day as its DATE column reads (the day, not an instant).
  const day = typeof alert.day === 'string' ? alert.day.slice(0, 10) : alert.day.toISOString().slice(0, 10);
  const values = { student: personName({ firstName: alert.first_name, lastName: alert.last_name }), count: alert.count, threshold: alert.threshold, window: alert.window_days, day: formatDate(day, language), days: alert.threshold };
  return {
    subject: t(`attendance.alerts.mail.${alert.kind}.subject`, values),
    text: [t(`attendance.alerts.mail.${alert.kind}.body`, values), t(`attendance.alerts.mail.${alert.kind}.where`, values)].join('\n\n'),
  };
}

/** The student's e-mail when staff accept or refuse a justification of the period from `startDate` to `endDate`. */
export function justificationMail(t: Translate, justification: { status: string; startDate: string; endDate: string; decisionComment: string | null }): Mail {
  const language = languageOf(t);
  const values = { from: formatDate(justification.startDate, language), to: formatDate(justification.endDate, language), comment: justification.decisionComment ?? '' };
  const outcome = justification.status === 'accepted' ? 'accepted' : 'refused';
  return {
    subject: t(`attendance.justification.mail.${outcome}Subject`, values),
    text: [t(`attendance.justification.mail.${outcome}`, values), justification.decisionComment ? t('attendance.justification.mail.comment', values) : '', t('attendance.justification.mail.where')]
      .filter(Boolean).join('\n\n'),
  };
}

/** The teacher's daily reminder: each past lesson whose sheet is not closed, its day and times in Paris, in the reader's language. */
export function unclosedMail(
  t: Translate, teacher: { firstName: string; lastName: string }, lessons: { startAt: Date | string; endAt: Date | string; subject: string | null; groups: string[] }[],
): Mail {
  const language = languageOf(t);
  const lines = lessons.map((lesson) => `- ${t('attendance.unclosed.mail.line', {
    day: formatDate(lesson.startAt, language), from: formatTime(lesson.startAt, language), to: formatTime(lesson.endAt, language),
    subject: lesson.subject ?? t('attendance.unclosed.mail.noSubject'), groups: lesson.groups.join(', ') || '—',
  })}`);
  const values = { teacher: personName(teacher), count: lessons.length };
  return {
    subject: t('attendance.unclosed.mail.subject', values),
    text: [t('attendance.unclosed.mail.body', values), lines.join('\n'), t('attendance.unclosed.mail.where', values)].join('\n\n'),
  };
}
