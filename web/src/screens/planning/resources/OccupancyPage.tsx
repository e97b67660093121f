import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Button, Center, Group, Loader, Modal, SegmentedControl, Select, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { isOccupancyType, periodContaining, shiftPeriod, type OccupancyPeriod, type OccupancyType } from '@alterna/planning/validation';
import { parisToday } from '@alterna/planning/validation';
import { useGoTo } from '../../../navigation';
import { PageTitle } from '../../../shared/PageTitle';
import { usePageData } from '../../../shared/queries';
import { loadCampuses, loadOccupancy, type OccupancyCampus, type OccupancyPlan } from './api';
import { BookingDialog, type BookingTarget } from './BookingDialog';
import { CalendarFeedCard } from '../calendar-feeds/CalendarFeedCard';
import { roomFeedPath } from '../calendar-feeds/api';
import { OccupancyGrid } from './OccupancyGrid';
import { usePageParams } from '../../../page-params';

const pad = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** /planning/ROS: the first campus of the user, this week. */
export function OccupancyHomePage() {
  const { t } = useTranslation();
  const goTo = useRef(useGoTo());
  const campuses = usePageData(['planning.occupancyHome'], () => loadCampuses());
  const first = campuses.data?.[0];
  const error = campuses.error ?? (campuses.data && !first ? t('planning.resources.occupancy.noCampus') : null);
  // Once the campuses are read, on to the first one's week (a redirect: this page is only a way in).
  useEffect(() => {
    if (!first) return;
    const week = periodContaining('week', parisToday());
    void goTo.current('planning.occupancy', { campus: first.id, startDate: week.startDate, endDate: week.endDate, type: 'week' }, { replace: true });
  }, [first]);
  return error ? (
    <Alert color="red" variant="light" role="alert">
      {error}
    </Alert>
  ) : (
    <Center p="xl">
      <Loader size="sm" />
    </Center>
  );
}

/** The room occupancy plan of a campus over a period (the URL holds campus, dates and display). */
export function OccupancyPage() {
  const { t, i18n } = useTranslation();
  const goTo = useGoTo();
  const params = usePageParams('planning.occupancy');
  const { campus = '', startDate = '', endDate = '', type = 'week' } = params;
  const [booking, setBooking] = useState<BookingTarget | null>(null);
  const [feedRoom, setFeedRoom] = useState<OccupancyPlan['rooms'][number]['room'] | null>(null);
  const campusList = usePageData(['planning.occupancy.campuses'], () => loadCampuses());
  const campuses: OccupancyCampus[] = campusList.data ?? [];
  const page = usePageData(['planning.occupancy', campus, startDate, endDate, type], () => loadOccupancy(campus, startDate, endDate, type));
  const { error, reload: load } = page;
  const plan: OccupancyPlan | null = error ? null : (page.data ?? null);

  const show = (period: OccupancyPeriod, campusId = campus) =>
    void goTo('planning.occupancy', { campus: campusId, startDate: period.startDate, endDate: period.endDate, type: period.type });
  const current: OccupancyPeriod = { startDate, endDate, type: isOccupancyType(type) ? type : 'week' };

  const longDay = (day: string) =>
    new Intl.DateTimeFormat(i18n.language, { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const monthName = (day: string) => new Intl.DateTimeFormat(i18n.language, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(new Date(`${day}T00:00:00Z`));
  const periodLabel = () => {
    if (!plan) return '';
    if (plan.type === 'day') return longDay(plan.startDate);
    if (plan.type === 'month') return monthName(plan.startDate);
    return t('planning.resources.occupancy.range', { start: longDay(plan.startDate), end: longDay(plan.endDate) });
  };

  const book = (room: OccupancyPlan['rooms'][number], day: string, hour: number | null) =>
    setBooking({
      campusId: campus, startDate, endDate, room: room.room, booking: null, date: day,
      startTime: pad(hour ?? 9), endTime: pad(Math.min((hour ?? 9) + 1, 22)),
    });

  return (
    <Stack gap="lg" data-testid="occupancy-page">
      <PageTitle title={t('planning.resources.occupancy.title', { campus: plan?.campus.name ?? '' })} intro={t('planning.resources.occupancy.intro')} titleTestId="occupancy-title" />
      <Group justify="space-between" align="center" wrap="wrap" gap="sm">
        <Group gap="sm">
          <Select
            aria-label={t('planning.resources.occupancy.campus')}
            data={campuses.map((c) => ({ value: c.id, label: c.name }))}
            value={campus}
            onChange={(id) => id && show(current, id)}
            allowDeselect={false}
            w={180}
            data-testid="occupancy-campus"
          />
          <Group gap={4}>
            <ActionIcon variant="default" size="lg" onClick={() => show(shiftPeriod(current, -1))} aria-label={t('planning.resources.occupancy.previous')} data-testid="occupancy-previous">
              ‹
            </ActionIcon>
            <Button variant="default" onClick={() => show(periodContaining(current.type, parisToday()))} data-testid="occupancy-today">
              {t('planning.resources.occupancy.today')}
            </Button>
            <ActionIcon variant="default" size="lg" onClick={() => show(shiftPeriod(current, 1))} aria-label={t('planning.resources.occupancy.next')} data-testid="occupancy-next">
              ›
            </ActionIcon>
          </Group>
          <Text fw={600} data-testid="occupancy-period">
            {periodLabel()}
          </Text>
        </Group>
        <SegmentedControl
          value={current.type}
          onChange={(value) => show(periodContaining(value as OccupancyType, startDate || parisToday()))}
          data={(['day', 'week', 'month'] as const).map((value) => ({ value, label: t(`planning.resources.occupancy.types.${value}`) }))}
          data-testid="occupancy-type"
        />
      </Group>
      {error && (
        <Alert color="red" variant="light" role="alert" data-testid="occupancy-error">
          <Stack gap="xs" align="flex-start">
            <span>{error}</span>
            <Button size="compact-sm" variant="light" onClick={() => show(periodContaining('week', parisToday()), campus || campuses[0]?.id)}>
              {t('planning.resources.occupancy.thisWeek')}
            </Button>
          </Stack>
        </Alert>
      )}
      {!plan && !error && (
        <Center p="xl">
          <Loader size="sm" />
        </Center>
      )}
      {plan && (
        <>
          <Legend canBook={plan.canBook} />
          {plan.rooms.length === 0 ? (
            <Text c="dimmed" data-testid="occupancy-empty">
              {t('planning.resources.occupancy.noRoom')}
            </Text>
          ) : (
            <OccupancyGrid
              plan={plan}
              onBook={plan.canBook ? book : undefined}
              onBooking={plan.canBook ? (room, existing) => setBooking({ campusId: campus, startDate, endDate, room: room.room, booking: existing, date: '', startTime: '', endTime: '' }) : undefined}
              onRoomFeed={(room) => setFeedRoom(room.room)}
            />
          )}
        </>
      )}
      <Modal
        opened={!!feedRoom}
        onClose={() => setFeedRoom(null)}
        size="lg"
        radius="lg"
        title={feedRoom ? t('planning.calendarFeeds.card.roomTitle', { room: feedRoom.name }) : ''}
        closeButtonProps={{ 'aria-label': t('planning.calendarFeeds.card.close') }}
      >
        {feedRoom && plan && (
          <CalendarFeedCard
            bare
            path={roomFeedPath(feedRoom.id)}
            explanation={t('planning.calendarFeeds.card.roomExplanation')}
            createLabel={t('planning.calendarFeeds.card.createRoom')}
            canChange={plan.canBook}
          />
        )}
      </Modal>
      {booking && (
        <BookingDialog
          target={booking}
          onClose={() => setBooking(null)}
          onSaved={() => {
            setBooking(null);
            void load();
          }}
        />
      )}
    </Stack>
  );
}

function Legend({ canBook }: { canBook: boolean }) {
  const { t } = useTranslation();
  const item = (className: string, label: string, style?: Record<string, string>) => (
    <Group gap={6} wrap="nowrap">
      <span className={`ros-legend-swatch ${className}`} style={style} />
      <Text size="xs" c="dimmed">
        {label}
      </Text>
    </Group>
  );
  return (
    <Group gap="lg" data-testid="occupancy-legend">
      {item('ros-lesson', t('planning.resources.occupancy.legendLesson'), { ['--ros-color']: '#4263eb' })}
      {item('ros-lesson ros-locked', t('planning.resources.occupancy.legendLocked'), { ['--ros-color']: '#4263eb' })}
      {item('ros-booking', t('planning.resources.occupancy.legendBooking'))}
      {item('ros-closed', t('planning.resources.occupancy.legendClosed'))}
      {canBook && (
        <Text size="xs" c="dimmed">
          {t('planning.resources.occupancy.clickToBook')}
        </Text>
      )}
    </Group>
  );
}
