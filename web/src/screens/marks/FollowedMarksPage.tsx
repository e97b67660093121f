import { Alert, Button, Card, Group, Select, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';
import { loadFollowedStudent, loadFollowedStudents, type FollowedStudent } from './api';
import { MarksTable } from './MarksTable';
import { ReportCardView } from './ReportCardView';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

const nameOf = (student: FollowedStudent) => personName(student);

/**
 * "Notes de mes apprentis / My apprentices' marks" (coach, company tutor, corporation contact): the apprentices one
 * follows, and for the one chosen (`?student=<id>`) their report cards and their marks.
 */
export function FollowedMarksPage() {
  const { t } = useTranslation();
  const [{ student }, setSearch] = usePageSearch('marks.followedCoach', 'marks.followedTutor', 'marks.followedCorporation');
  const setStudent = (next: string | null) => setSearch({ student: next });
  const list = usePageData(['marks.followed'], loadFollowedStudents);
  const detail = usePageData(['marks.followed', student], () => loadFollowedStudent(student!), { enabled: !!student, keepPrevious: false });
  const students = list.data?.students ?? [];
  const chosen = student ? detail.data : undefined;
  return (
    <Stack gap="lg" data-testid="followed-marks-page">
      <PageTitle title={t('marks.followed.title')} intro={t('marks.followed.intro')} />
      {list.error && <Alert color="red" variant="light" role="alert">{list.error}</Alert>}
      {list.data && !students.length && <Text c="dimmed" data-testid="followed-none">{t('marks.followed.none')}</Text>}
      {!!students.length && (
        <Select
          label={t('marks.followed.student')} placeholder={t('marks.followed.choose')} searchable clearable w="100%" maw={480} data-testid="followed-student"
          data={students.map((s) => ({ value: s.id, label: `${nameOf(s)} – ${s.trainingGroup}` }))}
          value={student} onChange={(value) => setStudent(value)}
        />
      )}
      {!student && !!students.length && (
        <Card className="stacked-frame" withBorder radius="lg" padding={0} maw={720}>
          <StackedTable striped highlightOnHover data-testid="followed-students">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('marks.followed.student')}</Table.Th>
                <Table.Th>{t('marks.followed.group')}</Table.Th>
                <HiddenHeader />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {students.map((s) => (
                <Table.Tr key={s.id} data-testid="followed-student-row" data-student={s.id}>
                  <StackedCell label={t('marks.followed.student')} fw={500}>{nameOf(s)}</StackedCell>
                  <StackedCell label={t('marks.followed.group')}>{s.trainingGroup}</StackedCell>
                  <StackedCell ta="right">
                    <Button size="compact-sm" variant="light" onClick={() => setStudent(s.id)} className="touch-target" data-testid="followed-open">{t('marks.followed.open')}</Button>
                  </StackedCell>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </StackedTable>
        </Card>
      )}
      {student && detail.error && <Alert color="red" variant="light" role="alert">{detail.error}</Alert>}
      {chosen && (
        <Stack gap="lg" data-testid="followed-student-marks" data-student={chosen.student.id}>
          <Group gap="xs" align="baseline">
            <Title order={2} size="h3">{nameOf(chosen.student)}</Title>
            <Text c="dimmed">{chosen.student.trainingGroup}</Text>
          </Group>
          <Title order={2} size="h4">{t('marks.followed.reportCards')}</Title>
          {!chosen.reportCards.length && <Text c="dimmed">{t('marks.followed.noReportCard')}</Text>}
          {chosen.reportCards.map((card) => <ReportCardView key={`${card.trainingGroup.id}:${card.semester}`} card={card} headingOrder={3} />)}
          <Title order={2} size="h4">{t('marks.followed.marks')}</Title>
          {!chosen.marks.length && <Text c="dimmed">{t('marks.followed.noMark')}</Text>}
          {!!chosen.marks.length && <MarksTable marks={chosen.marks} />}
          <Text size="xs" c="dimmed">{t('marks.mine.rules')}</Text>
        </Stack>
      )}
    </Stack>
  );
}
