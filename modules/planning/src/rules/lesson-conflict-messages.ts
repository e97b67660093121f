import { languageOf, type Translate } from '@alterna/core/i18n';
import type { Conflict } from '../types.js';
import { toParis } from './lesson-time.js';

const key = (name: string) => `planning.lessons.conflicts.${name}`;

/** Dates and times as the centre reads them: Paris wall clock, in the asker's language. */
export function dateFormats(language: 'fr' | 'en') {
  const at = (value: string) => toParis(/^\d{4}-\d{2}-\d{2}$/.test(value) ? `${value}T12:00:00` : value).setLocale(language);
  return {
    /** 'lundi 7 décembre 2026' / 'Monday 7 December 2026' */
    longDate: (value: string) => at(value).toFormat('cccc d MMMM yyyy'),
    /** '25 décembre 2026' / '25 December 2026' */
    date: (value: string) => at(value).toFormat('d MMMM yyyy'),
    time: (value: string) => at(value).toFormat('HH:mm'),
    weekday: (value: string) => at(value).toFormat('cccc'),
  };
}

/** The language a fixed `t` speaks: the core's. */
export { languageOf };

/**
 * The sentence naming what collides, from a conflict whose names are already read (resourceName, label).
 * Lessons of the same request (no `otherId`) are named as such.
 */
export function conflictMessage(conflict: Conflict, t: Translate, language: 'fr' | 'en' = languageOf(t)): string {
  const f = dateFormats(language);
  const start = conflict.startAt ?? '';
  const end = conflict.endAt ?? start;
  const period = () => ({ date: f.longDate(start), start: f.time(start), end: f.time(end) });
  const lesson = () =>
    !conflict.otherId ? t(key('lessonOfRequest')) : conflict.label ? t(key('lessonNamed'), { subject: conflict.label }) : t(key('lessonUnnamed'));
  const resource = conflict.resourceName ?? '';
  switch (conflict.kind) {
    case 'room':
      return t(key('room'), { room: resource, lesson: lesson(), ...period() });
    case 'teacher':
      return t(key('teacher'), { teacher: resource, lesson: lesson(), ...period() });
    case 'planningGroup':
      return t(key('planningGroup'), { group: resource, lesson: lesson(), ...period() });
    case 'booking':
      return t(key('booking'), { room: resource, title: conflict.label ?? '', ...period() });
    case 'trainerConstraint':
      return t(key('trainerConstraint'), {
        teacher: resource,
        when: constraintWhen(start, end, t, f),
        description: conflict.label ? t(key('constraintDescription'), { description: conflict.label }) : '',
      });
    case 'closure':
      return t(key('closure'), { date: f.longDate(start), name: conflict.label ?? '' });
    case 'publicHoliday':
      return t(key('publicHoliday'), { date: f.date(start), name: t(`training-centre.holidays.${conflict.label}`, { defaultValue: conflict.label ?? '' }) });
    case 'companyPeriod':
      return t(key('companyPeriod'), { group: resource, from: f.date(start), to: f.date(end) });
    case 'outsideSession':
      return t(key('outsideSession'));
    case 'closedDay':
      return t(key('closedDay'), { campus: resource, weekday: f.weekday(start) });
  }
}

/** 'le lundi 7 décembre 2026, 09:00–11:00', 'le lundi 7 décembre 2026' (whole day) or 'du … au …'. */
function constraintWhen(start: string, end: string, t: Translate, f: ReturnType<typeof dateFormats>): string {
  const from = toParis(start);
  const to = toParis(end);
  const wholeDays = from.hour === 0 && from.minute === 0 && to.hour === 0 && to.minute === 0;
  const lastDay = wholeDays ? to.minus({ days: 1 }) : to;
  if (from.hasSame(lastDay, 'day')) {
    return wholeDays ? t(key('whenDay'), { date: f.longDate(start) }) : t(key('whenTimes'), { date: f.longDate(start), start: f.time(start), end: f.time(end) });
  }
  return t(key('whenDays'), { from: f.longDate(start), to: f.longDate(lastDay.toISO()!) });
}
