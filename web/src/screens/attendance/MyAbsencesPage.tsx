import { Alert, Anchor, Button, Card, Group, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateRange } from '../../shared/format';
import { parisTime } from '@alterna/planning/validation';
import { PageLink } from '../../navigation';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { absenceTimes, JustificationBadge, KindBadge } from './AbsenceBadges';
import { documentUrl, loadMyAbsences } from './absences-api';
import { AttendanceChart } from './AttendanceChart';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

/** SPEC §2 `/absences-and-lateness/my-absences`: the student's absences and lateness, chart and justifications. */
export function MyAbsencesPage() {
  const { t } = useTranslation();
  const page = usePageData(['attendance.myAbsences'], loadMyAbsences);
  const data = page.data;
  return (
    <Stack gap="lg" maw={1000} data-testid="my-absences-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle title={t('attendance.absences.mineTitle')} intro={t('attendance.absences.mineIntro')} />
        <Button component={PageLink} page="attendance.addJustificative" className="touch-target" data-testid="add-justificative">
          {t('attendance.absences.addJustification')}
        </Button>
      </Group>
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      {data && (
        <>
          <Card withBorder radius="md" padding="lg">
            <Title order={2} size="h4" mb="sm">{t('attendance.absences.chartTitle')}</Title>
            <AttendanceChart statistics={data.statistics} />
          </Card>
          <Title order={2} size="h3">{t('attendance.absences.listTitle')}</Title>
          {!data.absences.length && <Text c="dimmed">{t('attendance.absences.none')}</Text>}
          {data.absences.length > 0 && (
            <StackedTable striped withTableBorder data-testid="my-absences">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('attendance.mine.when')}</Table.Th>
                  <Table.Th>{t('attendance.mine.subject')}</Table.Th>
                  <Table.Th>{t('attendance.absences.kind')}</Table.Th>
                  <Table.Th>{t('attendance.absences.justification')}</Table.Th>
                  <HiddenHeader />
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.absences.map((absence) => (
                  <Table.Tr key={absence.id}>
                    <StackedCell label={t('attendance.mine.when')}>{formatDate(absence.startAt)} {parisTime(absence.startAt)}–{parisTime(absence.endAt)}</StackedCell>
                    <StackedCell label={t('attendance.mine.subject')}>{absence.schoolSubject ?? '—'}</StackedCell>
                    <StackedCell label={t('attendance.absences.kind')}>
                      <Group gap="xs"><KindBadge absence={absence} /><Text size="xs" c="dimmed">{absenceTimes(absence, t)}</Text></Group>
                    </StackedCell>
                    <StackedCell label={t('attendance.absences.justification')}><JustificationBadge status={absence.justification?.status ?? null} /></StackedCell>
                    <StackedCell>
                      {/* The student's main action here: a button a finger can tap on a phone (44 px), a plain link's look on a desktop. */}
                      {!absence.justification || absence.justification.status === 'refused' ? (
                        <Button component={PageLink} page="attendance.showJustificative" params={{ absence: absence.id, readOnly: '0' }} size="xs" variant="light" className="touch-target" data-testid="justify-absence">
                          {t('attendance.absences.justify')}
                        </Button>
                      ) : (
                        <Anchor component={PageLink} page="attendance.showJustificative" params={{ absence: absence.id, readOnly: '1' }} size="sm" className="touch-target" style={{ display: 'inline-flex', alignItems: 'center' }}>
                          {t('attendance.absences.see')}
                        </Anchor>
                      )}
                    </StackedCell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </StackedTable>
          )}
          <Title order={2} size="h3">{t('attendance.absences.justificationsTitle')}</Title>
          {!data.justifications.length && <Text c="dimmed">{t('attendance.absences.noJustification')}</Text>}
          {data.justifications.length > 0 && (
            <StackedTable withTableBorder data-testid="my-justifications">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('attendance.absences.period')}</Table.Th>
                  <Table.Th>{t('attendance.absences.reason')}</Table.Th>
                  <Table.Th>{t('attendance.absences.document')}</Table.Th>
                  <Table.Th>{t('attendance.absences.decision')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {data.justifications.map((j) => (
                  <Table.Tr key={j.id}>
                    <StackedCell label={t('attendance.absences.period')}>{formatDateRange(j.startDate, j.endDate)}</StackedCell>
                    <StackedCell label={t('attendance.absences.reason')}>{t(`attendance.justification.reasons.${j.reason}`)}</StackedCell>
                    <StackedCell label={t('attendance.absences.document')}>{j.document ? <Anchor href={documentUrl(j.id)} size="sm">{j.document.filename}</Anchor> : '—'}</StackedCell>
                    <StackedCell label={t('attendance.absences.decision')}>
                      <Group gap="xs"><JustificationBadge status={j.status} />{j.decisionComment && <Text size="xs" c="dimmed">{j.decisionComment}</Text>}</Group>
                    </StackedCell>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </StackedTable>
          )}
        </>
      )}
    </Stack>
  );
}
