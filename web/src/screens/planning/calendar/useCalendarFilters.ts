import { useCallback, useMemo } from 'react';
import { useNavigate, useRouterState } from '@tanstack/react-router';

export const calendarViews = ['timeGridDay', 'timeGridWeek', 'dayGridMonth'] as const;
export type CalendarView = (typeof calendarViews)[number];

/** What the calendar shows, kept in the URL so a view can be linked (?campus=…&groups=a,b&view=…&date=…). */
export interface CalendarFilters {
  campus: string | null;
  groups: string[];
  rooms: string[];
  teachers: string[];
  subject: string | null;
  view: CalendarView;
  date: string | null;
}

const list = (value: string | null) => (value ? value.split(',').filter(Boolean) : []);

export function parseFilters(search: string): CalendarFilters {
  const params = new URLSearchParams(search);
  const view = params.get('view');
  const date = params.get('date');
  return {
    campus: params.get('campus') || null,
    groups: list(params.get('groups')),
    rooms: list(params.get('rooms')),
    teachers: list(params.get('teachers')),
    subject: params.get('subject') || null,
    view: (calendarViews as readonly string[]).includes(view ?? '') ? (view as CalendarView) : 'timeGridWeek',
    date: date && /^\d{4}-\d{2}-\d{2}$/.test(date) ? date : null,
  };
}

export function filtersSearch(filters: Partial<CalendarFilters>): string {
  const params = new URLSearchParams();
  if (filters.campus) params.set('campus', filters.campus);
  if (filters.groups?.length) params.set('groups', filters.groups.join(','));
  if (filters.rooms?.length) params.set('rooms', filters.rooms.join(','));
  if (filters.teachers?.length) params.set('teachers', filters.teachers.join(','));
  if (filters.subject) params.set('subject', filters.subject);
  if (filters.view && filters.view !== 'timeGridWeek') params.set('view', filters.view);
  if (filters.date) params.set('date', filters.date);
  const text = params.toString();
  return text ? `?${text}` : '';
}

/** The filters of the URL and a setter that replaces them (no new history entry per click). */
export function useCalendarFilters(): [CalendarFilters, (patch: Partial<CalendarFilters>) => void] {
  const location = useRouterState({ select: (s) => s.location });
  const navigate = useNavigate();
  const filters = useMemo(() => parseFilters(location.searchStr), [location.searchStr]);
  const setFilters = useCallback(
    (patch: Partial<CalendarFilters>) => {
      const next = filtersSearch({ ...filters, ...patch });
      if (next !== location.searchStr && `?${location.searchStr}` !== next) {
        void navigate({ href: `${location.pathname}${next}`, replace: true });
      }
    },
    [filters, location.pathname, location.searchStr, navigate],
  );
  return [filters, setFilters];
}
