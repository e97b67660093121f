import { Alert, List, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isoWeekday, occurrenceDates } from '@alterna/planning/validation';
import type { Closure, PublicHoliday } from '@alterna/training-centre/types';
import { formatLongDate } from '../../../shared/format';
import { gql } from '../../../shared/gql';
import { usePageData } from '../../../shared/queries';
import type { CampusOption } from '../shared/api';
import { createManyBody, type MassCreateValues } from './massCreate';
import { weekdayNames } from './FrequencyStep';

/** A day of the series on which some chosen campus is closed, and why. */
export interface ClosedDay {
  date: string;
  reasons: { campus: string; why: 'weekday' | 'closure' | 'holiday'; name: string; type?: string }[];
}

const SHOWN = 8;

/**
 * The series' days on which a chosen campus is closed: a weekday it does not open, one of its closures, a public
 * holiday. Pure, for the warning and its test; the run skips these days (`closedDay`, `closure`, `holiday`).
 */
export function closedDaysOf(dates: string[], campuses: CampusOption[], closures: Closure[], holidays: PublicHoliday[]): ClosedDay[] {
  const holidayOn = new Map(holidays.map((holiday) => [holiday.date, holiday.name]));
  return dates.flatMap((date) => {
    const reasons: ClosedDay['reasons'] = [];
    for (const campus of campuses) {
      if (!campus.openDays.includes(isoWeekday(date))) reasons.push({ campus: campus.name, why: 'weekday', name: '' });
      const closure = closures.find((c) => c.campus?.uuid === campus.uuid && c.startDate.slice(0, 10) <= date && date <= c.endDate.slice(0, 10));
      if (closure) reasons.push({ campus: campus.name, why: 'closure', name: closure.name ?? '', type: closure.type });
    }
    const holiday = holidayOn.get(date);
    if (holiday) reasons.push({ campus: '', why: 'holiday', name: holiday });
    return reasons.length ? [{ date, reasons }] : [];
  });
}

/** Before the run: the days of the series a chosen campus is closed (no lesson will be made on them). */
export function ClosedDaysWarning({ values, campuses }: { values: MassCreateValues; campuses: CampusOption[] }) {
  const { t, i18n } = useTranslation();
  const body = createManyBody('', values);
  const dates = body.startDate && body.endDate ? occurrenceDates({ ...body, days: body.days ?? null }) : [];
  const chosen = campuses.filter((campus) => values.campuses.includes(campus.uuid));
  const years = dates.length ? [...new Set([dates[0]!.slice(0, 4), dates[dates.length - 1]!.slice(0, 4)])].map(Number) : [];
  const calendar = usePageData(
    ['planning.bulk.closedDays', values.campuses.join(','), body.startDate, body.endDate],
    () =>
      gql<{ ScheduleCampusClosures: Closure[]; first: PublicHoliday[]; last: PublicHoliday[] }>(
        `query ClosedDays($campusList: [ID!], $startDate: String, $endDate: String, $first: Int!, $last: Int!) {
          ScheduleCampusClosures(campusList: $campusList, startDate: $startDate, endDate: $endDate) { uuid startDate endDate type name campus { uuid name } }
          first: PublicHolidays(year: $first) { date key name }
          last: PublicHolidays(year: $last) { date key name }
        }`,
        { campusList: values.campuses, startDate: body.startDate, endDate: body.endDate, first: years[0], last: years[years.length - 1] },
      ),
    { enabled: dates.length > 0 && chosen.length > 0, keepPrevious: false },
  );
  if (!dates.length || !chosen.length || !calendar.data) return null;
  const closed = closedDaysOf(dates, chosen, calendar.data.ScheduleCampusClosures, [...calendar.data.first, ...calendar.data.last]);
  if (!closed.length) return null;
  const names = weekdayNames(i18n.language, 'short');
  const reason = (r: ClosedDay['reasons'][number]) =>
    r.why === 'holiday' ? t('planning.bulk.closedDays.holiday', { name: r.name })
      : r.why === 'closure' ? t('planning.bulk.closedDays.closure', { campus: r.campus, name: r.name || t(`trainingCentre.closures.types.${r.type}`) })
        : t('planning.bulk.closedDays.weekday', { campus: r.campus });
  return (
    <Alert color="orange" variant="light" title={t('planning.bulk.closedDays.title', { count: closed.length, total: dates.length })} data-testid="closed-days-warning" data-count={closed.length}>
      <Text size="sm" mb="xs">{t('planning.bulk.closedDays.intro')}</Text>
      <List size="sm" spacing={2}>
        {closed.slice(0, SHOWN).map((day) => (
          <List.Item key={day.date} data-testid="closed-day" data-date={day.date}>
            <Text span fw={600} size="sm">{`${names[isoWeekday(day.date) - 1]} ${formatLongDate(day.date)}`}</Text>
            {' — '}
            {day.reasons.map(reason).join(' · ')}
          </List.Item>
        ))}
      </List>
      {closed.length > SHOWN && <Text size="sm" mt={4}>{t('planning.bulk.closedDays.more', { count: closed.length - SHOWN })}</Text>}
    </Alert>
  );
}
