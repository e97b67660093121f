import { createInstance, type TFunction } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import { en, fr } from '../locales/index.js';
import { renderCalendarFeed, type VersionedLesson } from './calendar-feed.js';

let t: Record<'fr' | 'en', TFunction>;
beforeAll(async () => {
  const i18n = createInstance();
  await i18n.init({ resources: { fr: { translation: { planning: fr } }, en: { translation: { planning: en } } }, lng: 'fr', fallbackLng: 'fr', interpolation: { escapeValue: false } });
  t = { fr: i18n.getFixedT('fr'), en: i18n.getFixedT('en') };
});

// Monday 7 December 2026 09:00–11:00 in Paris (UTC+1), and Monday 6 July 2026 14:00–16:00 (UTC+2).
const lesson = (over: Partial<VersionedLesson> = {}): VersionedLesson => ({
  id: '11111111-1111-4111-8111-111111111111', campusId: 'c', campusName: 'Paris', trainingSessionId: null,
  startAt: '2026-12-07T08:00:00.000Z', endAt: '2026-12-07T10:00:00.000Z', remote: 'present', lessonType: 'course', status: 'active',
  cancellationType: null, cancelDesc: null, description: null, schoolSubject: { id: 's', name: 'Anglais', shortName: 'ANG', color: null },
  teachers: [{ id: 't', firstName: 'Ada', lastName: 'Lovelace', teacherContractId: null }],
  rooms: [{ id: 'r', name: 'S101', size: 20, buildingId: 'b', buildingName: 'A' }], planningGroups: [{ id: 'g', name: 'BTS 1' }, { id: 'h', name: 'BTS 2' }],
  attendanceStarted: false, sequence: 0, updatedAt: '2026-11-20T15:04:05.678Z', ...over,
});

/** Unfolded content lines (RFC 5545 folds at 75 octets with CRLF + space). */
const lines = (ics: string) => ics.replace(/\r\n[ \t]/g, '').split('\r\n');

describe('live iCal feed rendering', () => {
  it('writes each lesson in Paris time with its UID, subject and groups, rooms and campus, teachers', () => {
    const ics = lines(renderCalendarFeed({ name: 'Emploi du temps — Ada Lovelace', t: t.fr, lessons: [lesson(), lesson({ id: '22222222-2222-4222-8222-222222222222', startAt: '2026-07-06T12:00:00.000Z', endAt: '2026-07-06T14:00:00.000Z' })] }));
    expect(ics[0]).toBe('BEGIN:VCALENDAR');
    expect(ics.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(2);
    expect(ics.filter((l) => l === 'END:VEVENT')).toHaveLength(2);
    expect(ics).toContain('X-WR-CALNAME:Emploi du temps — Ada Lovelace');
    expect(ics).toContain('X-WR-TIMEZONE:Europe/Paris');
    expect(ics).toContain('TZID:Europe/Paris');
    expect(ics).toContain('UID:11111111-1111-4111-8111-111111111111@alterna');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20261207T090000');
    expect(ics).toContain('DTEND;TZID=Europe/Paris:20261207T110000');
    expect(ics).toContain('DTSTART;TZID=Europe/Paris:20260706T140000');
    expect(ics).toContain('SUMMARY:Anglais — BTS 1\\, BTS 2');
    expect(ics).toContain('LOCATION:S101\\, Paris');
    expect(ics).toContain('DESCRIPTION:Formateurs : Ada Lovelace');
    expect(ics).toContain('STATUS:CONFIRMED');
    expect(ics.filter((l) => l.startsWith('DTSTAMP:'))).toEqual(['DTSTAMP:20261120T150405Z', 'DTSTAMP:20261120T150405Z']);
    expect(ics).toContain('SEQUENCE:0');
  });

  it('stamps each event with its lesson\'s last change and SEQUENCE: the same lessons give the same bytes', () => {
    const moved = lesson({ sequence: 3, updatedAt: '2026-12-01T08:30:00.000Z' });
    const ics = renderCalendarFeed({ name: 'Emploi du temps', t: t.fr, lessons: [moved] });
    expect(lines(ics)).toEqual(expect.arrayContaining(['SEQUENCE:3', 'DTSTAMP:20261201T083000Z', 'LAST-MODIFIED:20261201T083000Z']));
    expect(renderCalendarFeed({ name: 'Emploi du temps', t: t.fr, lessons: [moved] })).toBe(ics);
  });

  it('keeps a cancelled lesson, marked CANCELLED and said so in the reader\'s language', () => {
    const ics = lines(renderCalendarFeed({ name: 'Timetable', t: t.en, lessons: [lesson({ status: 'cancelled', cancellationType: 'disease', cancelDesc: 'Ill', schoolSubject: null, lessonType: 'exam' })] }));
    expect(ics).toContain('STATUS:CANCELLED');
    expect(ics).toContain('SUMMARY:Cancelled: Exam — BTS 1\\, BTS 2');
    expect(ics).toContain('DESCRIPTION:Teachers: Ada Lovelace\\nCancelled because: Ill');
  });

  it('is a valid empty calendar without lessons, and a name cannot break a line', () => {
    const ics = lines(renderCalendarFeed({ name: 'A\r\nB', t: t.fr, lessons: [] }));
    expect(ics).toContain('X-WR-CALNAME:A B');
    expect(ics.filter((l) => l === 'BEGIN:VEVENT')).toHaveLength(0);
    expect(ics.at(-2)).toBe('END:VCALENDAR');
  });
});
