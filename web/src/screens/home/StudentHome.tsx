import { Alert, Anchor, Badge, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { useMe } from '../../session';
import { formatDate, formatPercent, personName } from '../../shared/format';
import { usePageData } from '../../shared/queries';
import { loadMyAbsences } from '../attendance/absences-api';
import { KindBadge } from '../attendance/AbsenceBadges';
import { loadMyMarks } from '../marks/api';
import { useMarkFormat } from '../marks/ReportCardView';
import { loadUpcoming, underWay } from './api';
import { Details, HomeCard, timeSpan, useDayLabel } from './parts';

/**
 * The student's home (issue #25): the next lesson (room, teacher), the attendance rate, the absences to justify,
 * the latest marks; the booklet forms awaiting their signature and the news follow on the page.
 */
export function StudentHome() {
  const me = useMe();
  const can = (permission: string) => !!me?.permissions.includes(permission);
  return (
    <Stack gap="md">
      {can('planning.timetable.own') && <NextLesson />}
      {can('attendance.self.justify') && <Attendance />}
      {can('marks.student.read') && <LatestMarks />}
    </Stack>
  );
}

function NextLesson() {
  const { t } = useTranslation();
  const dayLabel = useDayLabel();
  const page = usePageData(['home.student.next'], () => loadUpcoming(1));
  const lesson = page.data?.[0];
  return (
    <HomeCard title={t('home.student.next')} link={<PageLink page="timetable.student">{t('home.student.timetable')}</PageLink>} testId="home-next-lesson">
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !lesson && <Text c="dimmed">{t('home.student.noLesson')}</Text>}
      {lesson && (
        <Stack gap={4} data-lesson-id={lesson.id}>
          <Group gap="xs" wrap="wrap">
            <Text fw={700}>{dayLabel(lesson.startAt)} · {timeSpan(lesson)}</Text>
            {underWay(lesson, 0) && <Badge color="green" variant="light">{t('home.teacher.now')}</Badge>}
          </Group>
          <Text fw={500}>{lesson.schoolSubject?.name ?? t('attendance.noSubject')}</Text>
          <Details testId="next-lesson-details" parts={[
            lesson.rooms.map((r) => r.name).join(', '),
            lesson.teachers.length ? lesson.teachers.map(personName).join(', ') : null,
          ]} />
        </Stack>
      )}
    </HomeCard>
  );
}

/** The attendance rate of the closed lessons, and each absence not justified yet with its way to justify. */
function Attendance() {
  const { t } = useTranslation();
  const page = usePageData(['attendance.myAbsences'], loadMyAbsences);
  const data = page.data;
  const toJustify = (data?.absences ?? []).filter((absence) => !absence.justification || absence.justification.status === 'refused');
  return (
    <HomeCard title={t('home.student.attendance')} link={<PageLink page="attendance.myAbsences">{t('home.student.allAbsences')}</PageLink>} testId="home-attendance">
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {data && (
        <>
          <Group gap="xs" align="baseline">
            <Text fz={28} fw={700} data-testid="home-attendance-rate">{data.statistics.hours.rate === null ? '—' : formatPercent(data.statistics.hours.rate)}</Text>
            <Text size="sm" c="dimmed">{t('home.student.rate')}</Text>
          </Group>
          <Text fw={600}>{t('home.student.toJustify', { count: toJustify.length })}</Text>
          {toJustify.slice(0, 5).map((absence) => (
            <Group key={absence.id} justify="space-between" gap="xs" wrap="wrap" data-testid="home-absence" data-absence-id={absence.id}>
              <Stack gap={0} style={{ minWidth: 0, flex: '1 1 180px' }}>
                <Text size="sm" fw={500}>{formatDate(absence.startAt)} · {timeSpan(absence)}</Text>
                <Group gap={6}><KindBadge absence={absence} /><Text size="sm" c="dimmed">{absence.schoolSubject ?? '—'}</Text></Group>
              </Stack>
              <Anchor component={PageLink} page="attendance.showJustificative" params={{ absence: absence.id, readOnly: '0' }} py={10} fw={600} data-testid="home-justify">
                {t('attendance.absences.justify')}
              </Anchor>
            </Group>
          ))}
        </>
      )}
    </HomeCard>
  );
}

function LatestMarks() {
  const { t } = useTranslation();
  const format = useMarkFormat();
  const page = usePageData(['home.student.marks'], loadMyMarks);
  const marks = (page.data?.marks ?? []).slice(0, 3);
  return (
    <HomeCard title={t('home.student.marks')} link={<PageLink page="marks.mine">{t('home.student.allMarks')}</PageLink>} testId="home-marks">
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !marks.length && <Text c="dimmed">{t('marks.mine.none')}</Text>}
      {marks.map((mark) => (
        <Group key={mark.examId} justify="space-between" gap="xs" wrap="nowrap" data-testid="home-mark">
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm" fw={500} style={{ overflowWrap: 'anywhere' }}>{mark.subject} · {mark.title}</Text>
            <Text size="xs" c="dimmed">{formatDate(mark.date)}</Text>
          </Stack>
          {mark.status === 'present'
            ? <Text fw={700}>{format.mark(mark.value)}</Text>
            : <Badge color={mark.status === 'absent' ? 'red' : 'gray'} variant="light">{t(`marks.statuses.${mark.status}`)}</Badge>}
        </Group>
      ))}
    </HomeCard>
  );
}
