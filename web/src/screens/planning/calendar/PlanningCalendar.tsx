import { useMemo, useRef } from 'react';
import FullCalendar from '@fullcalendar/react';
import dayGridPlugin from '@fullcalendar/daygrid';
import timeGridPlugin from '@fullcalendar/timegrid';
import interactionPlugin from '@fullcalendar/interaction';
import enGbLocale from '@fullcalendar/core/locales/en-gb';
import frLocale from '@fullcalendar/core/locales/fr';
import type { DatesSetArg, EventApi, EventClickArg, DateSelectArg } from '@fullcalendar/core';
import type { LessonEvent } from './api';
import { toEvent } from './events';
import { LessonContent } from './LessonContent';
import type { CalendarView } from '../../../page-search';
import './calendar.css';

/** A drag or a resize: the event at its new place, the old one, and how to put it back. */
export interface LessonChange {
  event: EventApi;
  oldEvent: EventApi;
  revert: () => void;
}

interface PlanningCalendarProps {
  lessons: LessonEvent[];
  language: string;
  canEdit: boolean;
  initialView: CalendarView;
  initialDate: string | null;
  /** JS weekdays (0 = Sunday) to hide: days no campus shown is open. */
  hiddenDays: number[];
  onRange: (arg: DatesSetArg) => void;
  onSelect: (arg: DateSelectArg) => void;
  onOpen: (lesson: LessonEvent) => void;
  /** A lesson dragged or resized (arg.revert puts it back). */
  onChange: (arg: LessonChange) => void;
}

/**
 * FullCalendar draws its arrow buttons' icons as unnamed images (role="img"): hidden from screen readers, the
 * buttons are named by their hint ("Previous week").
 */
function unnameIcons(root: Element | null | undefined): void {
  for (const icon of root?.querySelectorAll('.fc-icon[role="img"]') ?? []) icon.setAttribute('aria-hidden', 'true');
}

/**
 * FullCalendar in "UTC-coerced" mode: events carry Paris wall-clock times (see shared/time.ts), so the
 * grid shows Paris hours whatever the browser's zone. Week starts Monday, 07:00–21:00.
 */
export function PlanningCalendar({ lessons, language, canEdit, initialView, initialDate, hiddenDays, onRange, onSelect, onOpen, onChange }: PlanningCalendarProps) {
  const ref = useRef<FullCalendar>(null);
  const holder = useRef<HTMLDivElement>(null);
  const events = useMemo(() => lessons.map((lesson) => toEvent(lesson, canEdit)), [lessons, canEdit]);
  return (
    // tabIndex -1: the focus can come back here when the lesson a dialog showed is gone (deleted).
    <div ref={holder} className="planning-calendar" data-testid="planning-calendar" tabIndex={-1}>
      <FullCalendar
        ref={ref}
        plugins={[timeGridPlugin, dayGridPlugin, interactionPlugin]}
        locales={[frLocale, enGbLocale]}
        locale={language === 'fr' ? 'fr' : 'en-gb'}
        timeZone="UTC"
        initialView={initialView}
        initialDate={initialDate ?? undefined}
        headerToolbar={{ left: 'prev,next today', center: 'title', right: 'timeGridDay,timeGridWeek,dayGridMonth' }}
        buttonText={language === 'fr' ? undefined : { today: 'Today', day: 'Day', week: 'Week', month: 'Month' }}
        firstDay={1}
        hiddenDays={hiddenDays}
        slotMinTime="07:00:00"
        slotMaxTime="21:00:00"
        slotDuration="00:30:00"
        snapDuration="00:15:00"
        scrollTime="07:00:00"
        allDaySlot={false}
        nowIndicator={false}
        weekNumbers={false}
        height="auto"
        expandRows
        eventTimeFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        slotLabelFormat={{ hour: '2-digit', minute: '2-digit', hour12: false }}
        dayMaxEvents={4}
        eventDisplay="block"
        // Lessons of one slot side by side, never one card over another's text.
        slotEventOverlap={false}
        events={events}
        selectable={canEdit}
        selectMirror
        editable={canEdit}
        eventDurationEditable={canEdit}
        eventStartEditable={canEdit}
        datesSet={(arg) => {
          onRange(arg);
          unnameIcons(holder.current);
        }}
        viewDidMount={() => unnameIcons(holder.current)}
        select={onSelect}
        eventClick={(arg: EventClickArg) => {
          arg.jsEvent.preventDefault();
          onOpen(arg.event.extendedProps.lesson as LessonEvent);
        }}
        eventDrop={onChange}
        eventResize={onChange}
        eventContent={(arg) => <LessonContent arg={arg} />}
      />
    </div>
  );
}
