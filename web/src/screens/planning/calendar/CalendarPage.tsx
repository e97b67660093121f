import { useMemo, useRef, useState } from 'react';
import { Alert, Button, Group, Loader, Stack } from '@mantine/core';
import type { DateSelectArg, DatesSetArg } from '@fullcalendar/core';
import { dayjs } from '../../../shared/dayjs';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../../navigation';
import { usePageSearch, type CalendarView } from '../../../page-search';
import { useMe } from '../../../session';
import { refocus } from '../../../shared/focus';
import { usePageData } from '../../../shared/queries';
import { PageTitle } from '../../../shared/PageTitle';
import { toast } from '../../../shared/toast';
import { ConflictAlert } from '../shared/ConflictAlert';
import { refusalOf, type FreeSlot } from '../shared/conflicts';
import { calendarDay, fromCalendarTime, mondayOf, parisToday } from '../shared/time';
import { optionsOfCampuses, usePlanningOptions } from '../shared/usePlanningOptions';
import { loadCancelledLessons, loadLessons, updateLesson, type LessonEvent } from './api';
import { FilterBar } from './FilterBar';
import { LessonDialog, type LessonDialogState } from './LessonDialog';
import { PlanningCalendar, type LessonChange } from './PlanningCalendar';

export const LESSON_UPDATE = 'planning.lesson.update';

/** A refused drag: the lesson, what collided and the free slots the server proposes. */
interface MoveRefusal {
  lessonId: string;
  messages: string[];
  suggestions: FreeSlot[];
}

const NO_LESSONS: LessonEvent[] = [];

const wall = (date: Date) => dayjs.utc(date).format('YYYY-MM-DD[T]HH:mm');

/** The planning calendar: filters in the URL, day / week / month, single lesson create, edit, drag and resize. */
export function CalendarPage() {
  const { t, i18n } = useTranslation();
  const me = useMe();
  const canEdit = !!me?.permissions.includes(LESSON_UPDATE);
  // What the calendar shows is in the URL (?campus=…&groups=a,b&view=…&date=…), so a view can be linked.
  const [filters, setFilters] = usePageSearch('planning.calendar');
  const { options, errors: optionErrors } = usePlanningOptions();
  const [range, setRange] = useState<{ start: string; end: string } | null>(null);
  const [dialog, setDialog] = useState<LessonDialogState | null>(null);
  const [refusal, setRefusal] = useState<MoveRefusal | null>(null);
  const [applying, setApplying] = useState(false);
  const initial = useRef({ view: filters.view, date: filters.date });
  // What had the focus when the dialog opened: it gets it back on close (Mantine does so only for dialogs it kept mounted).
  const opener = useRef<Element | null>(null);

  const campusIds = useMemo(() => (filters.campus ? [filters.campus] : options.campuses.map((c) => c.uuid)), [filters.campus, options.campuses]);
  const scoped = useMemo(() => optionsOfCampuses(options, filters.campus ? [filters.campus] : []), [options, filters.campus]);
  const hiddenDays = useMemo(() => {
    const shown = scoped.campuses;
    if (!shown.length) return [];
    const open = new Set(shown.flatMap((c) => c.openDays));
    return [1, 2, 3, 4, 5, 6, 7].filter((iso) => !open.has(iso)).map((iso) => iso % 7);
  }, [scoped.campuses]);

  const campusKey = campusIds.join(',');
  // The general read never returns cancelled lessons (SPEC §4): those cancelled here are read back by id.
  const [cancelledIds, setCancelledIds] = useState<string[]>([]);
  const cancelledKey = cancelledIds.join(',');
  // The shown range's lessons for the filters (the lists by value: the URL parse makes new arrays each time); the
  // previous range's lessons stay drawn while the next one loads.
  const page = usePageData(
    ['planning.calendar', range?.start, range?.end, campusKey, filters.groups, filters.rooms, filters.teachers, filters.subject ?? null, cancelledKey],
    async (signal): Promise<LessonEvent[]> => {
      const list = await loadLessons(
        {
          campusList: campusKey.split(','),
          planningGroupsIdList: filters.groups,
          roomsIdList: filters.rooms,
          teachersIdList: filters.teachers,
          schoolSubjectId: filters.subject,
          startDate: range!.start,
          endDate: range!.end,
        },
        signal,
      );
      const cancelled = await loadCancelledLessons(cancelledKey ? cancelledKey.split(',') : [], campusKey.split(','), signal);
      return [...list, ...cancelled];
    },
    { enabled: !!range && !!campusKey },
  );
  const lessons = page.data ?? NO_LESSONS;

  const onRange = (arg: DatesSetArg) => {
    const start = fromCalendarTime(arg.start);
    const end = fromCalendarTime(arg.end);
    setRange((current) => (current?.start === start && current.end === end ? current : { start, end }));
    setFilters({ view: arg.view.type as CalendarView, date: calendarDay(arg.view.currentStart) });
  };

  const onSelect = (arg: DateSelectArg) => {
    arg.view.calendar.unselect();
    if (!canEdit) return;
    const campus = filters.campus ?? options.campuses[0]?.uuid ?? '';
    // A day picked in the month view becomes a morning lesson of that day.
    const start = arg.allDay ? `${calendarDay(arg.start)}T09:00` : wall(arg.start);
    const end = arg.allDay ? `${calendarDay(arg.start)}T12:00` : wall(arg.end);
    openDialog({ mode: 'create', campus, start, end });
  };

  // A lesson without drawing a range (the keyboard's way): today if it is shown, else the first day shown, 09:00–11:00.
  const newLesson = () => {
    const today = parisToday();
    const day = !filters.date || mondayOf(filters.date) === mondayOf(today) ? today : filters.date;
    openDialog({ mode: 'create', campus: filters.campus ?? options.campuses[0]?.uuid ?? '', start: `${day}T09:00`, end: `${day}T11:00` });
  };

  const openDialog = (state: LessonDialogState) => {
    opener.current = document.activeElement;
    setDialog(state);
  };
  /** Back to the lesson (redrawn after a reload), else to what opened the dialog, else to the calendar. */
  const closeDialog = () => {
    const lessonId = dialog?.mode === 'edit' ? dialog.lesson.uuid : null;
    setDialog(null);
    refocus(
      () => (lessonId ? document.querySelector(`.planning-calendar [data-lesson-id="${lessonId}"]`)?.closest('.fc-event') : null) ?? opener.current,
      () => document.querySelector('.planning-calendar'),
    );
  };

  const move = async (lessonId: string, startAt: string, endAt: string) => {
    const saved = await updateLesson(lessonId, { startDate: startAt, endDate: endAt });
    page.update((list) => list.map((l) => (l.uuid === lessonId ? (saved ?? { ...l, startDate: startAt, endDate: endAt }) : l)));
    setRefusal(null);
    toast.success(t('planning.calendar.moved'));
  };

  const onChange = (arg: LessonChange) => {
    const lesson = arg.event.extendedProps.lesson as LessonEvent;
    if (!arg.event.start || !arg.event.end) return arg.revert();
    const startAt = fromCalendarTime(arg.event.start);
    const endAt = fromCalendarTime(arg.event.end);
    setRefusal(null);
    move(lesson.uuid, startAt, endAt).catch((error: unknown) => {
      arg.revert();
      const answer = refusalOf(error);
      setRefusal({
        lessonId: lesson.uuid,
        messages: [...answer.messages, ...answer.fieldViolations.map((v) => v.message)],
        suggestions: answer.suggestions,
      });
    });
  };

  const applySuggestion = async (slot: FreeSlot) => {
    if (!refusal) return;
    setApplying(true);
    try {
      await move(refusal.lessonId, slot.startAt, slot.endAt);
    } catch (error) {
      const answer = refusalOf(error);
      setRefusal({ ...refusal, messages: answer.messages, suggestions: answer.suggestions });
    } finally {
      setApplying(false);
    }
  };

  const errors = [...optionErrors, ...(page.error ? [page.error] : [])];
  return (
    <Stack gap="md" data-testid="calendar-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('planning.calendar.title')} intro={t('planning.calendar.intro')} />
        <Group gap="xs">
          {page.loading && <Loader size="xs" data-testid="calendar-loading" />}
          <PageLink page="planning.progress">
            <Button variant="default" component="span">
              {t('planning.calendar.progressLink')}
            </Button>
          </PageLink>
          {canEdit && (
            <>
              <Button variant="default" onClick={newLesson} data-testid="new-lesson">
                {t('planning.calendar.newTitle')}
              </Button>
              <PageLink page="planning.massEdit" data-testid="mass-edit-link">
                <Button variant="light" component="span">
                  {t('planning.calendar.massEdit')}
                </Button>
              </PageLink>
              <PageLink page="planning.massCreate" data-testid="mass-create-link">
                <Button component="span">{t('planning.calendar.massCreate')}</Button>
              </PageLink>
            </>
          )}
        </Group>
      </Group>
      <FilterBar filters={filters} options={scoped} campuses={options.campuses} onChange={setFilters} />
      {errors.length > 0 && (
        <Alert color="red" variant="light" role="alert" data-testid="calendar-error">
          {errors.join(' ')}
        </Alert>
      )}
      {refusal && (
        <ConflictAlert
          title={t('planning.calendar.moveRefused')}
          messages={refusal.messages}
          suggestions={refusal.suggestions}
          onApply={(slot) => void applySuggestion(slot)}
          onClose={() => setRefusal(null)}
          applying={applying}
          testId="move-refusal"
        />
      )}
      <PlanningCalendar
        lessons={lessons}
        language={i18n.language}
        canEdit={canEdit}
        initialView={initial.current.view}
        initialDate={initial.current.date}
        hiddenDays={hiddenDays}
        onRange={onRange}
        onSelect={onSelect}
        onOpen={(lesson) => openDialog({ mode: 'edit', lesson })}
        onChange={onChange}
      />
      {dialog && (
        <LessonDialog
          state={dialog}
          options={options}
          canEdit={canEdit}
          calendarId={filters.campus ?? (dialog.mode === 'edit' ? dialog.lesson.campus.uuid : dialog.campus)}
          onClose={closeDialog}
          onSaved={(change) => {
            closeDialog();
            // A new cancelled id reloads through cancelledKey; anything else reloads here.
            if (change?.cancelledId) setCancelledIds((ids) => [...ids, change.cancelledId!]);
            else void page.reload();
          }}
        />
      )}
    </Stack>
  );
}
