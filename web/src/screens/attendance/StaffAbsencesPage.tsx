import { useState } from 'react';
import { Alert, Anchor, Button, Card, Group, Select, Stack, Table, Tabs, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateRange, personName } from '../../shared/format';
import { absenceKinds } from '@alterna/attendance/validation';
import { parisTime } from '@alterna/planning/validation';
import { useMe } from '../../session';
import { DateField } from '../../shared/DateFields';
import { confirm } from '../../shared/dialogs';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { absenceTabs, usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { absenceTimes, JustificationBadge, KindBadge } from './AbsenceBadges';
import { loadGroups } from '../planning/shared/api';
import {
  certificatesUrl, decideJustification, documentUrl, loadAbsences, loadJustifications, loadStatistics, type AbsenceSearch, type Justification,
} from './absences-api';
import { AlertsPanel } from './AlertsPanel';
import { AttendanceChart } from './AttendanceChart';

/** Staff: justifications to decide, absences and lateness of the campus, and the attendance chart; filters in the URL. */
export function StaffAbsencesPage() {
  const { t } = useTranslation();
  const me = useMe();
  const [filters, setFilters] = usePageSearch('attendance.staffAbsences');
  const { tab, campus, from, to, kind, justified, planningGroup: group } = filters;
  const search: AbsenceSearch = { campus: campus ?? undefined, planningGroup: group ?? undefined, from, to, kind, justified };
  const campuses = me?.campuses ?? [];
  const groups = usePageData(['attendance.groups', campuses.map((c) => c.id)], () => loadGroups(campuses.map((c) => c.id)), { enabled: campuses.length > 0 });

  return (
    <Stack gap="lg" data-testid="staff-absences-page">
      <PageTitle title={t('attendance.absences.staffTitle')} intro={t('attendance.absences.staffIntro')} />
      <Card withBorder radius="lg" padding="md">
        <Group align="flex-end" grow>
          <Select
            label={t('attendance.absences.campus')} clearable placeholder={t('attendance.absences.allCampuses')}
            data={campuses.map((c) => ({ value: c.id, label: c.name }))} value={campus} onChange={(v) => setFilters({ campus: v })}
          />
          <Select
            label={t('attendance.absences.group')} clearable searchable placeholder={t('attendance.absences.allGroups')}
            data={(groups.data ?? []).filter((g) => !campus || g.campusId === campus).map((g) => ({ value: g.uuid, label: g.name }))}
            value={group} onChange={(v) => setFilters({ planningGroup: v })} data-testid="absences-group"
          />
          <DateField label={t('attendance.absences.startDate')} value={from} onChange={(e) => setFilters({ from: e.target.value })} />
          <DateField label={t('attendance.absences.endDate')} value={to} onChange={(e) => setFilters({ to: e.target.value })} />
          <Select
            label={t('attendance.absences.kind')} clearable placeholder={t('attendance.absences.allKinds')}
            data={absenceKinds.map((k) => ({ value: k, label: t(`attendance.status.${k}`) }))} value={kind || null} onChange={(v) => setFilters({ kind: absenceKinds.find((k) => k === v) ?? null })}
          />
          <Select
            label={t('attendance.absences.justification')} clearable placeholder={t('attendance.absences.all')}
            data={[{ value: 'yes', label: t('attendance.absences.justified') }, { value: 'no', label: t('attendance.absences.unjustified') }]}
            value={justified || null} onChange={(v) => setFilters({ justified: v as 'yes' | 'no' | null })}
          />
        </Group>
      </Card>
      <Group justify="flex-end">
        <Button
          component="a" variant="light" href={certificatesUrl(search)} data-testid="certificates"
          disabled={!group || !from || !to} aria-disabled={!group || !from || !to} onClick={(event) => (!group || !from || !to) && event.preventDefault()}
          title={t('attendance.absences.certificatesHelp')}
        >
          {t('attendance.absences.certificates')}
        </Button>
      </Group>
      <Tabs value={tab} onChange={(v) => setFilters({ tab: absenceTabs.find((name) => name === v) ?? null })} keepMounted={false}>
        <Tabs.List>
          <Tabs.Tab value="justifications" data-testid="tab-justifications">{t('attendance.absences.toDecide')}</Tabs.Tab>
          <Tabs.Tab value="absences" data-testid="tab-absences">{t('attendance.absences.listTitle')}</Tabs.Tab>
          <Tabs.Tab value="statistics" data-testid="tab-statistics">{t('attendance.absences.chartTitle')}</Tabs.Tab>
          <Tabs.Tab value="alerts" data-testid="tab-alerts">{t('attendance.alerts.title')}</Tabs.Tab>
        </Tabs.List>
        <Tabs.Panel value="justifications" pt="md"><Justifications canDecide={!!me?.permissions.includes('attendance.justification.decide')} /></Tabs.Panel>
        <Tabs.Panel value="absences" pt="md"><Absences search={search} /></Tabs.Panel>
        <Tabs.Panel value="statistics" pt="md"><Statistics search={search} /></Tabs.Panel>
        <Tabs.Panel value="alerts" pt="md"><AlertsPanel search={search} /></Tabs.Panel>
      </Tabs>
    </Stack>
  );
}

function Absences({ search }: { search: AbsenceSearch }) {
  const { t } = useTranslation();
  const page = usePageData(['attendance.absences', search], () => loadAbsences(search));
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  if (!page.data) return null;
  if (!page.data.absences.length) return <Text c="dimmed">{t('attendance.absences.noneStaff')}</Text>;
  return (
    <Stack gap="xs">
      <Text size="sm" c="dimmed">{t('attendance.absences.count', { count: page.data.total })}</Text>
      <Table striped withTableBorder data-testid="staff-absences">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('attendance.absences.student')}</Table.Th>
            <Table.Th>{t('attendance.mine.when')}</Table.Th>
            <Table.Th>{t('attendance.mine.subject')}</Table.Th>
            <Table.Th>{t('attendance.absences.kind')}</Table.Th>
            <Table.Th>{t('attendance.absences.justification')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {page.data.absences.map((a) => (
            <Table.Tr key={a.id}>
              <Table.Td>{personName(a.student)}</Table.Td>
              <Table.Td>{formatDate(a.startAt)} {parisTime(a.startAt)}–{parisTime(a.endAt)}</Table.Td>
              <Table.Td>{a.schoolSubject ?? '—'}</Table.Td>
              <Table.Td><Group gap="xs"><KindBadge absence={a} /><Text size="xs" c="dimmed">{absenceTimes(a, t)}</Text></Group></Table.Td>
              <Table.Td><JustificationBadge status={a.justification?.status ?? null} /></Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
    </Stack>
  );
}

function Statistics({ search }: { search: AbsenceSearch }) {
  const { t } = useTranslation();
  const page = usePageData(['attendance.statistics', search], () => loadStatistics(search));
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  if (!page.data) return null;
  return (
    <Card withBorder radius="md" padding="lg">
      <Stack>
        <AttendanceChart statistics={page.data} />
        <Text size="sm" c="dimmed">{t('attendance.absences.unjustifiedCount', { count: page.data.unjustifiedAbsences })}</Text>
      </Stack>
    </Card>
  );
}

function Justifications({ canDecide }: { canDecide: boolean }) {
  const { t } = useTranslation();
  const page = usePageData(['attendance.justifications'], () => loadJustifications(null));
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  if (!page.data) return null;
  if (!page.data.justifications.length) return <Text c="dimmed">{t('attendance.absences.noJustificationStaff')}</Text>;
  return (
    <Stack gap="sm" data-testid="staff-justifications">
      {page.data.justifications.map((j) => (
        <JustificationRow key={j.id} justification={j} canDecide={canDecide} onDecided={() => void page.reload()} />
      ))}
    </Stack>
  );
}

function JustificationRow({ justification: j, canDecide, onDecided }: { justification: Justification; canDecide: boolean; onDecided: () => void }) {
  const { t } = useTranslation();
  const [comment, setComment] = useState('');
  const [busy, setBusy] = useState(false);
  const decide = async (decision: 'accept' | 'refuse') => {
    // A decision is final (the server refuses a second one): the confirmation says what it does, to whom.
    const ok = await confirm({
      title: t(`attendance.absences.${decision}Title`, { name: personName(j.student) }),
      message: t(`attendance.absences.${decision}Confirm`, { count: j.absences, name: personName(j.student), period: formatDateRange(j.startDate, j.endDate) }),
      confirmLabel: t(`attendance.absences.${decision}`),
      cancelLabel: t('attendance.absences.decideLater'),
      color: decision === 'accept' ? 'green' : 'red',
    });
    if (!ok) return;
    setBusy(true);
    try {
      await decideJustification(j.id, decision, comment);
      toast.success(t(decision === 'accept' ? 'attendance.absences.accepted' : 'attendance.absences.refused'));
      onDecided();
    } catch (error) {
      toast.error(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Card withBorder radius="md" padding="md" data-testid="justification-row">
      <Group justify="space-between" align="flex-start" wrap="nowrap">
        <Stack gap={4}>
          <Text fw={600}>{personName(j.student)}</Text>
          <Text size="sm">
            {t(`attendance.justification.reasons.${j.reason}`)} · {formatDateRange(j.startDate, j.endDate)} ·{' '}
            {t('attendance.absences.covered', { count: j.absences })}
          </Text>
          {j.comment && <Text size="sm" c="dimmed">{j.comment}</Text>}
          {j.document && <Anchor href={documentUrl(j.id)} size="sm" data-testid="justification-document">{j.document.filename}</Anchor>}
        </Stack>
        <Stack gap="xs" align="flex-end" miw={260}>
          <JustificationBadge status={j.status} />
          {canDecide && j.status === 'submitted' && (
            <>
              <Textarea size="xs" w="100%" placeholder={t('attendance.absences.decisionPlaceholder')} value={comment} onChange={(e) => setComment(e.currentTarget.value)} aria-label={t('attendance.absences.decisionPlaceholder')} />
              <Group gap="xs">
                <Button size="xs" color="red" variant="light" loading={busy} onClick={() => void decide('refuse')} data-testid="refuse-justification">{t('attendance.absences.refuse')}</Button>
                <Button size="xs" color="green" loading={busy} onClick={() => void decide('accept')} data-testid="accept-justification">{t('attendance.absences.accept')}</Button>
              </Group>
            </>
          )}
        </Stack>
      </Group>
    </Card>
  );
}
