import { useEffect } from 'react';
import { Alert, Card, Group, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, personName } from '../../shared/format';
import type { CoachedStudent } from '@alterna/attendance/types';
import { parisTime } from '@alterna/planning/validation';
import { DateField } from '../../shared/DateFields';
import { requestJson } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';
import { JustificationBadge, KindBadge } from './AbsenceBadges';
import { AttendanceChart } from './AttendanceChart';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

/** The coach's students: each one's attendance chart and rate over a period (the whole record by default). */
export function CoachStudentsPage() {
  const { t } = useTranslation();
  const [{ from, to }, setPeriod] = usePageSearch('attendance.coached', 'attendance.followedTutor', 'attendance.followedCorporation');
  const query = new URLSearchParams(Object.entries({ from, to }).filter(([, v]) => v));
  const page = usePageData(['attendance.coached', from, to], () =>
    requestJson<{ students: CoachedStudent[] }>('GET', `/api/absences-and-lateness/my-students${query.size ? `?${query}` : ''}`));
  // A follower's home links an apprentice's attendance as `#student-<id>` (issue #25): shown once the list is there.
  useEffect(() => {
    if (page.data && window.location.hash) document.getElementById(window.location.hash.slice(1))?.scrollIntoView({ block: 'start' });
  }, [page.data]);
  return (
    <Stack gap="lg" data-testid="coached-students-page">
      <PageTitle title={t('attendance.coached.title')} intro={t('attendance.coached.intro')} />
      <Card withBorder radius="lg" padding="md" maw={520}>
        <Group grow align="flex-end">
          <DateField label={t('attendance.absences.startDate')} value={from} onChange={(e) => setPeriod({ from: e.target.value })} />
          <DateField label={t('attendance.absences.endDate')} value={to} onChange={(e) => setPeriod({ to: e.target.value })} />
        </Group>
      </Card>
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {page.data && !page.data.students.length && <Text c="dimmed">{t('attendance.coached.none')}</Text>}
      <SimpleGrid cols={{ base: 1, lg: 2 }}>
        {page.data?.students.map(({ student, statistics, absences }) => (
          <Card key={student.id} id={`student-${student.id}`} withBorder radius="md" padding="lg" data-testid="coached-student">
            <Title order={2} size="h5" mb="sm">{personName(student)}</Title>
            <AttendanceChart statistics={statistics} />
            <FollowedAbsences absences={absences} />
          </Card>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

/** The student's newest absences and lateness, each with whether a justification covers it. */
function FollowedAbsences({ absences }: { absences: CoachedStudent['absences'] }) {
  const { t } = useTranslation();
  if (!absences.length) return <Text size="sm" c="dimmed" mt="sm">{t('attendance.absences.none')}</Text>;
  return (
    <StackedTable mt="sm" striped data-testid="followed-absences">
      <Table.Tbody>
        {absences.map((absence) => (
          <Table.Tr key={absence.id}>
            <StackedCell label={t('attendance.mine.when')}><Text size="sm">{formatDate(absence.startAt)} {parisTime(absence.startAt)}–{parisTime(absence.endAt)}</Text></StackedCell>
            <StackedCell label={t('attendance.mine.subject')}><Text size="sm">{absence.schoolSubject ?? '—'}</Text></StackedCell>
            <StackedCell label={t('attendance.absences.kind')}><KindBadge absence={absence} /></StackedCell>
            <StackedCell label={t('attendance.absences.justification')}><JustificationBadge status={absence.justification?.status ?? null} /></StackedCell>
          </Table.Tr>
        ))}
      </Table.Tbody>
    </StackedTable>
  );
}
