import type { EventContentArg } from '@fullcalendar/core';
import { useTranslation } from 'react-i18next';
import type { LessonEvent } from './api';
import { lessonLines } from './events';

/** A padlock drawn inline (no icon set in the bundle). */
export function LockIcon({ size = 11 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" className="lesson-lock-icon">
      <path d="M4.5 7V5a3.5 3.5 0 0 1 7 0v2" fill="none" stroke="currentColor" strokeWidth="1.8" />
      <rect x="2.5" y="7" width="11" height="8" rx="1.5" fill="currentColor" />
    </svg>
  );
}

/** What a lesson shows in the calendar: time, subject, groups, rooms, teachers; lock or « Annulé ». */
export function LessonContent({ arg }: { arg: EventContentArg }) {
  const { t } = useTranslation();
  const lesson = arg.event.extendedProps.lesson as LessonEvent | undefined;
  // The selection mirror (a lesson being drawn) has no lesson yet: its times only.
  if (!lesson) return <div className="lesson-content lesson-time">{arg.timeText}</div>;
  const lines = lessonLines(lesson);
  const cancelled = lesson.lessonStatus === 'cancelled';
  const locked = lesson.lessonStatus === 'locked';
  const month = arg.view.type === 'dayGridMonth';
  return (
    <div
      className="lesson-content"
      data-testid="lesson-event"
      data-lesson-id={lesson.uuid}
      data-status={lesson.lessonStatus}
      title={[arg.timeText, lines.subject, lines.groups, lines.rooms, lines.teachers, cancelled ? t('planning.calendar.cancelledLabel') : ''].filter(Boolean).join('\n')}
    >
      <div className="lesson-head">
        {locked && (
          <span className="lesson-flag" aria-label={t('planning.calendar.status.locked')} data-testid="lesson-locked">
            <LockIcon />
          </span>
        )}
        {cancelled && (
          <span className="lesson-cancelled-label" data-testid="lesson-cancelled">
            {t('planning.calendar.cancelledLabel')}
          </span>
        )}
        <span className="lesson-time">{arg.timeText}</span>
        <span className="lesson-subject">{lines.subject || t('planning.calendar.noSubject')}</span>
      </div>
      {!month && (
        <div className="lesson-body">
          {lines.groups && <div className="lesson-line">{lines.groups}</div>}
          {lines.rooms && <div className="lesson-line">{lines.rooms}</div>}
          {lines.teachers && <div className="lesson-line">{lines.teachers}</div>}
        </div>
      )}
    </div>
  );
}
