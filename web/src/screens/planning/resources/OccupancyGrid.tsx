import type { CSSProperties, MouseEvent, ReactNode } from 'react';
import { Button, Stack, Text, Tooltip } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../../shared/format';
import { parisTime } from '@alterna/planning/validation';
import type { OccupancyBooking, OccupancyLesson, OccupancyPlan, OccupancyRoom } from './api';
import { byBuilding, columnsOf, hourAt, onDay, placeOnDay, type OccupancyColumn } from './occupancy-layout';
import './occupancy.css';

export interface GridActions {
  /** An empty place was clicked: book the room that day (at that hour in a day view). */
  onBook?: (room: OccupancyRoom, day: string, hour: number | null) => void;
  onBooking?: (room: OccupancyRoom, booking: OccupancyBooking) => void;
  /** The room's live iCal feed was asked for (its button in the room's header). */
  onRoomFeed?: (room: OccupancyRoom) => void;
}

const fallbackColor = '#4263eb';
const hhmm = (startAt: string, endAt: string) => `${parisTime(startAt)}–${parisTime(endAt)}`;

/** The room occupancy grid: one row per room, the period's hours or days as columns, lessons and bookings as blocks. */
export function OccupancyGrid({ plan, onBook, onBooking, onRoomFeed }: { plan: OccupancyPlan } & GridActions) {
  const { t, i18n } = useTranslation();
  const columns = columnsOf(plan.type, plan.startDate, plan.endDate);
  const closed = (column: OccupancyColumn) => plan.campus.openDays.length > 0 && !plan.campus.openDays.includes(column.weekday);
  const utc = (day: string) => new Date(`${day}T00:00:00Z`);
  const dayLabel = (day: string) => new Intl.DateTimeFormat(i18n.language, { weekday: 'short', day: 'numeric', month: 'short', timeZone: 'UTC' }).format(utc(day));
  const weekdayLetter = (day: string) => new Intl.DateTimeFormat(i18n.language, { weekday: 'narrow', timeZone: 'UTC' }).format(utc(day));

  const lessonTip = (lesson: OccupancyLesson): ReactNode => (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {lesson.schoolSubject?.name ?? t(`planning.resources.lessonTypes.${lesson.lessonType}`, { defaultValue: lesson.lessonType })}
        {lesson.status === 'locked' ? ` · ${t('planning.resources.occupancy.locked')}` : ''}
      </Text>
      <Text size="xs">{hhmm(lesson.startAt, lesson.endAt)}</Text>
      {lesson.planningGroups.length > 0 && <Text size="xs">{t('planning.resources.occupancy.groups', { names: lesson.planningGroups.map((g) => g.name).join(', ') })}</Text>}
      {lesson.teachers.length > 0 && <Text size="xs">{t('planning.resources.occupancy.teachers', { names: lesson.teachers.map(personName).join(', ') })}</Text>}
    </Stack>
  );
  const bookingTip = (booking: OccupancyBooking): ReactNode => (
    <Stack gap={2}>
      <Text size="sm" fw={600}>
        {t('planning.resources.occupancy.booking', { title: booking.title })}
      </Text>
      <Text size="xs">{hhmm(booking.startAt, booking.endAt)}</Text>
      {booking.description && <Text size="xs">{booking.description}</Text>}
      {booking.bookedBy && <Text size="xs">{t('planning.resources.occupancy.bookedBy', { name: personName(booking.bookedBy) })}</Text>}
    </Stack>
  );

  const lessonBlock = (lesson: OccupancyLesson, style?: CSSProperties) => (
    <Tooltip key={lesson.id} label={lessonTip(lesson)} withArrow multiline maw={280} withinPortal>
      <div
        className={`ros-block ros-lesson${lesson.status === 'locked' ? ' ros-locked' : ''}`}
        style={{ ...style, ['--ros-color' as string]: lesson.schoolSubject?.color ?? fallbackColor }}
        data-testid="ros-lesson"
        data-lesson-id={lesson.id}
      >
        {plan.type !== 'month' && (
          <span>
            {plan.type === 'week' && <b>{parisTime(lesson.startAt)} </b>}
            {lesson.schoolSubject?.shortName ?? t(`planning.resources.lessonTypes.${lesson.lessonType}`, { defaultValue: lesson.lessonType })}
            {plan.type === 'day' && lesson.planningGroups.length > 0 && ` · ${lesson.planningGroups.map((g) => g.name).join(', ')}`}
          </span>
        )}
      </div>
    </Tooltip>
  );
  const bookingBlock = (room: OccupancyRoom, booking: OccupancyBooking, style?: CSSProperties) => (
    <Tooltip key={booking.id} label={bookingTip(booking)} withArrow multiline maw={280} withinPortal>
      <button
        type="button"
        className="ros-block ros-booking"
        style={style}
        disabled={!onBooking}
        onClick={(event) => {
          event.stopPropagation();
          onBooking?.(room, booking);
        }}
        data-testid="ros-booking"
        data-booking-title={booking.title}
      >
        {plan.type !== 'month' && (
          <span>
            {plan.type === 'week' && <b>{parisTime(booking.startAt)} </b>}
            {booking.title}
          </span>
        )}
      </button>
    </Tooltip>
  );

  const bookable = (handler: () => void) =>
    onBook
      ? {
          onClick: (event: MouseEvent<HTMLElement>) => {
            if (event.target === event.currentTarget) handler();
          },
          title: t('planning.resources.occupancy.bookHere'),
        }
      : {};

  const dayTrack = (room: OccupancyRoom) => (
    <td colSpan={columns.length} className="ros-track-cell">
      <div
        className={`ros-track${onBook ? ' ros-free' : ''}`}
        style={{ ['--ros-hours' as string]: columns.length }}
        data-testid="ros-cell"
        data-day={plan.startDate}
        {...(onBook
          ? {
              onClick: (event: MouseEvent<HTMLDivElement>) => {
                if (event.target !== event.currentTarget) return;
                const box = event.currentTarget.getBoundingClientRect();
                onBook(room, plan.startDate, hourAt((event.clientX - box.left) / box.width));
              },
              title: t('planning.resources.occupancy.bookHere'),
            }
          : {})}
      >
        {room.lessons.map((lesson) => {
          const place = placeOnDay(plan.startDate, lesson.startAt, lesson.endAt);
          return place && lessonBlock(lesson, { left: `${place.left}%`, width: `${place.width}%` });
        })}
        {room.bookings.map((booking) => {
          const place = placeOnDay(plan.startDate, booking.startAt, booking.endAt);
          return place && bookingBlock(room, booking, { left: `${place.left}%`, width: `${place.width}%` });
        })}
      </div>
    </td>
  );

  return (
    <div className="ros-scroll">
      <table className={`ros-grid ros-${plan.type}`} data-testid="occupancy-grid">
        <thead>
          <tr>
            <th className="ros-room-head">{t('planning.resources.occupancy.room')}</th>
            {columns.map((column) => (
              <th key={column.key} className={closed(column) ? 'ros-closed' : undefined} data-day={column.day}>
                {column.hour !== null ? (
                  `${String(column.hour).padStart(2, '0')}:00`
                ) : plan.type === 'month' ? (
                  <>
                    <span className="ros-month-weekday">{weekdayLetter(column.day)}</span>
                    <span>{Number(column.day.slice(8, 10))}</span>
                  </>
                ) : (
                  dayLabel(column.day)
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {byBuilding(plan.rooms).map((rooms) => (
            <BuildingRows key={rooms[0]!.building.id} rooms={rooms} span={columns.length + 1} onRoomFeed={onRoomFeed}>
              {(room) =>
                plan.type === 'day'
                  ? dayTrack(room)
                  : columns.map((column) => {
                      const lessons = onDay(room.lessons, column.day);
                      const bookings = onDay(room.bookings, column.day);
                      return (
                        <td
                          key={column.key}
                          className={`ros-cell${closed(column) ? ' ros-closed' : ''}${onBook ? ' ros-free' : ''}`}
                          data-testid="ros-cell"
                          data-day={column.day}
                          {...bookable(() => onBook?.(room, column.day, null))}
                        >
                          {lessons.map((lesson) => lessonBlock(lesson))}
                          {bookings.map((booking) => bookingBlock(room, booking))}
                        </td>
                      );
                    })
              }
            </BuildingRows>
          ))}
        </tbody>
      </table>
    </div>
  );
}

function BuildingRows({ rooms, span, onRoomFeed, children }: {
  rooms: OccupancyRoom[];
  span: number;
  onRoomFeed?: (room: OccupancyRoom) => void;
  children: (room: OccupancyRoom) => ReactNode;
}) {
  const { t } = useTranslation();
  const { building } = rooms[0]!;
  return (
    <>
      <tr className="ros-building">
        <td colSpan={span}>
          {building.name} · {building.site.name}
        </td>
      </tr>
      {rooms.map((room) => (
        <tr key={room.room.id} data-testid="ros-room" data-room-id={room.room.id} data-room-name={room.room.name}>
          <th className="ros-room" scope="row">
            <span className="ros-room-name">{room.room.name}</span>
            <span className="ros-room-size">{t('planning.resources.occupancy.seats', { count: room.room.size })}</span>
            {onRoomFeed && (
              <Button size="compact-xs" variant="subtle" onClick={() => onRoomFeed(room)} data-testid="ros-room-feed">
                {t('planning.calendarFeeds.card.open')}
              </Button>
            )}
          </th>
          {children(room)}
        </tr>
      ))}
    </>
  );
}
