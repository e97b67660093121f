import { Alert, Badge, Card, Group, Progress, Stack, Table, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import type { CoachedStudent } from '@alterna/attendance/types';
import { PageLink } from '../../navigation';
import type { ActorSpace, PageId } from '../../pages';
import { fullName, useMe } from '../../session';
import { formatDate, formatDateTime, formatPercent } from '../../shared/format';
import { requestJson } from '../../shared/http';
import { usePageData } from '../../shared/queries';
import { formPage, listPage, loadMine, type BookletFormSummary, type BookletSummary } from './api';
import { itemTitle } from './item-title';
import { StackedTable } from '../../shared/StackedTable';

type Followed = 'coach' | 'tutor' | 'corporation';
const attendancePage: Record<Followed, PageId> = { coach: 'attendance.coached', tutor: 'attendance.followedTutor', corporation: 'attendance.followedCorporation' };
const marksPage = { coach: 'marks.followedCoach', tutor: 'marks.followedTutor', corporation: 'marks.followedCorporation' } as const satisfies Record<Followed, PageId>;
/** Forms to fill soon: due within this many days (or already late). */
const soonDays = 30;

interface Line { registration: BookletSummary['registration']; form: BookletFormSummary }
const lines = (booklets: BookletSummary[], keep: (form: BookletFormSummary) => boolean): Line[] =>
  booklets.flatMap(({ registration, forms }) => forms.filter(keep).map((form) => ({ registration, form })));
const soon = (form: BookletFormSummary) => {
  const limit = new Date(Date.now() + soonDays * 86_400_000).toISOString().slice(0, 10);
  return form.late || (form.due !== null && form.due <= limit);
};

/**
 * The dashboard of whoever follows apprentices (coach, company tutor, corporation contact): the signatures waiting for
 * them, the validations under way and whom they wait for, the forms to fill soon, and each apprentice at a glance.
 */
export function ApprenticesOverview() {
  const { t } = useTranslation();
  const me = useMe();
  const space = me?.space as Followed;
  const attends = Boolean(me?.permissions.includes('attendance.followed.read'));
  const booklets = usePageData(['booklets.mine'], () => loadMine());
  const attendance = usePageData(['attendance.coached', '', ''], () =>
    attends ? requestJson<{ students: CoachedStudent[] }>('GET', '/api/absences-and-lateness/my-students') : Promise.resolve({ students: [] }));
  if (!me) return null;
  const data = booklets.data?.booklets ?? [];
  const byStudent = new Map((attendance.data?.students ?? []).map((s) => [s.student.id, s]));
  return (
    <Stack gap="lg" data-testid="apprentices-overview">
      {booklets.error && <Alert color="red" variant="light" role="alert">{booklets.error}</Alert>}
      {booklets.data && <ValidationInbox booklets={data} space={space} />}
      {booklets.data && (
        <Section title={t('booklets.overview.toFill')} testId="forms-to-fill" empty={t('booklets.overview.nothingToFill')}
          rows={lines(data, (f) => f.toFill && soon(f)).map(({ registration, form }) => (
            <Table.Tr key={form.id}>
              <Table.Td><Who registration={registration} /></Table.Td>
              <Table.Td><PageLink page={formPage[space]} params={{ id: form.id }}>{itemTitle(form.title, t)}</PageLink></Table.Td>
              <Table.Td><DueBadge form={form} /></Table.Td>
            </Table.Tr>
          ))} />
      )}
      <Card withBorder radius="lg" padding="lg">
        <Title order={2} size="h4" mb="sm">{t('booklets.overview.apprentices')}</Title>
        {booklets.data && !data.length && <Text c="dimmed">{t('booklets.page.none')}</Text>}
        {/* One card per apprentice (issue #25): what awaits the follower for them, and links narrowed to them. */}
        <Stack gap="sm" data-testid="apprentices-table">
          {data.map(({ registration, forms }) => (
            <ApprenticeRow key={registration.id} registration={registration} forms={forms} followed={byStudent.get(registration.student.id)} attends={attends} space={space} />
          ))}
        </Stack>
      </Card>
    </Stack>
  );
}

/** The signatures waiting for the actor, and (for who follows apprentices) the validations waiting for someone else. */
export function ValidationInbox({ booklets, space }: { booklets: BookletSummary[]; space: ActorSpace }) {
  const { t } = useTranslation();
  const role = (form: BookletFormSummary) => t(`booklets.signatures.roles.${form.validation!.awaiting}`);
  return (
    <>
      <Section title={t('booklets.overview.toSign')} testId="validation-inbox" empty={t('booklets.overview.nothingToSign')}
        rows={lines(booklets, (f) => f.myTurn).map(({ registration, form }) => (
          <Table.Tr key={form.id}>
            <Table.Td><Who registration={registration} /></Table.Td>
            <Table.Td><PageLink page={formPage[space]} params={{ id: form.id }} data-testid="sign-link">{itemTitle(form.title, t)}</PageLink></Table.Td>
            <Table.Td><Text size="sm">{t('booklets.overview.since', { at: formatDateTime(form.validation!.requestedAt) })}</Text></Table.Td>
          </Table.Tr>
        ))} />
      {space !== 'student' && (
        <Section title={t('booklets.overview.underWay')} testId="validations-under-way" empty={t('booklets.overview.noneUnderWay')}
          rows={lines(booklets, (f) => Boolean(f.validation && !f.myTurn)).map(({ registration, form }) => (
            <Table.Tr key={form.id}>
              <Table.Td><Who registration={registration} /></Table.Td>
              <Table.Td><PageLink page={formPage[space]} params={{ id: form.id }}>{itemTitle(form.title, t)}</PageLink></Table.Td>
              <Table.Td><Text size="sm">{t('booklets.overview.waitingFor', { role: role(form), names: form.validation!.awaitingPeople.join(', ') || '—' })}</Text></Table.Td>
            </Table.Tr>
          ))} />
      )}
    </>
  );
}

/** The apprentice and their group (one person may be in two groups). */
function Who({ registration }: { registration: BookletSummary['registration'] }) {
  return (
    <>
      <Text size="sm">{fullName(registration.student)}</Text>
      <Text size="xs" c="dimmed">{registration.trainingGroup.name}</Text>
    </>
  );
}

function Section({ title, rows, empty, testId }: { title: string; rows: ReactNode[]; empty: string; testId: string }) {
  return (
    <Card withBorder radius="lg" padding="lg" data-testid={testId}>
      <Group justify="space-between" mb="sm">
        <Title order={2} size="h4">{title}</Title>
        <Badge variant="light" color={rows.length ? 'orange' : 'gray'}>{rows.length}</Badge>
      </Group>
      {/* A row per form; on a phone each row stacks (issue #25: the table ran out of its card at 390 px). */}
      {rows.length ? <StackedTable striped><Table.Tbody>{rows}</Table.Tbody></StackedTable> : <Text c="dimmed" size="sm">{empty}</Text>}
    </Card>
  );
}

/** The item's due date, red once passed. */
export function DueBadge({ form }: { form: BookletFormSummary }) {
  const { t } = useTranslation();
  if (!form.due) return <Text size="sm" c="dimmed">—</Text>;
  return form.late
    ? <Badge color="red" variant="light" tt="none">{t('booklets.overview.lateSince', { date: formatDate(form.due) })}</Badge>
    : <Text size="sm">{t('booklets.overview.due', { date: formatDate(form.due) })}</Text>;
}

/**
 * An apprentice as the follower's home shows them: the booklet's progress; what awaits the follower (forms to sign, to
 * fill), the absences not justified and the attendance alerts; links to their booklet, attendance and marks.
 */
function ApprenticeRow({ registration, forms, followed, attends, space }: BookletSummary & { followed: CoachedStudent | undefined; attends: boolean; space: Followed }) {
  const { t } = useTranslation();
  const validated = forms.filter((f) => f.validatedAt).length;
  const late = forms.filter((f) => f.late).length;
  const rate = followed?.statistics.hours.rate;
  const toSign = forms.filter((f) => f.myTurn);
  const toFill = forms.filter((f) => f.toFill && !f.myTurn && soon(f));
  const unjustified = followed?.statistics.unjustifiedAbsences ?? 0;
  return (
    <Card withBorder radius="md" padding="sm" data-testid="apprentice-row" data-student-id={registration.student.id}>
      <Stack gap="xs">
        <Group justify="space-between" align="flex-start" gap="xs" wrap="wrap">
          <div style={{ minWidth: 0 }}>
            <Text fw={600}>{fullName(registration.student)}</Text>
            <Text size="xs" c="dimmed">{registration.trainingGroup.name}</Text>
          </div>
          <div style={{ minWidth: 140 }}>
            <Text size="xs">{t('booklets.overview.validatedOf', { done: validated, total: forms.length })}{late ? ` · ${t('booklets.overview.late')} ${late}` : ''}</Text>
            <Progress value={forms.length ? (validated / forms.length) * 100 : 0} size="sm" color="teal" aria-label={t('booklets.overview.booklet')} />
          </div>
        </Group>
        {toSign.map((form) => (
          <Group key={form.id} gap="xs" wrap="wrap" data-testid="apprentice-awaits">
            <Badge color="orange" variant="light" tt="none">{t('home.followers.toSign')}</Badge>
            <PageLink page={formPage[space]} params={{ id: form.id }}>{itemTitle(form.title, t)}</PageLink>
          </Group>
        ))}
        {toFill.map((form) => (
          <Group key={form.id} gap="xs" wrap="wrap" data-testid="apprentice-awaits">
            <Badge color="blue" variant="light" tt="none">{t('home.followers.toFill')}</Badge>
            <PageLink page={formPage[space]} params={{ id: form.id }}>{itemTitle(form.title, t)}</PageLink>
            <DueBadge form={form} />
          </Group>
        ))}
        {attends && followed && (
          <Group gap="xs" wrap="wrap" data-testid="apprentice-attendance">
            <Text size="sm">{t('home.followers.rate', { rate: rate === null || rate === undefined ? '—' : formatPercent(rate) })}</Text>
            {unjustified > 0 && <Badge color="red" variant="light" tt="none">{t('home.followers.unjustified', { count: unjustified })}</Badge>}
            {followed.alerts.slice(0, 2).map((a) => (
              <Badge key={`${a.kind}${a.day}`} color={a.kind === 'consecutive-absences' ? 'orange' : 'red'} variant="light" tt="none">
                {t(`attendance.alerts.kinds.${a.kind}`)} · {formatDate(a.day)}
              </Badge>
            ))}
          </Group>
        )}
        {!toSign.length && !toFill.length && !unjustified && <Text size="sm" c="dimmed">{t('home.followers.nothing')}</Text>}
        <Group gap="md" wrap="wrap">
          <PageLink page={listPage[space]!} hash={`booklet-${registration.id}`} style={{ padding: '10px 0' }}>{t('booklets.overview.bookletLink')}</PageLink>
          {attends && <PageLink page={attendancePage[space]} hash={`student-${registration.student.id}`} style={{ padding: '10px 0' }}>{t('booklets.overview.attendanceLink')}</PageLink>}
          <PageLink page={marksPage[space]} search={{ student: registration.student.id }} style={{ padding: '10px 0' }}>{t('booklets.overview.marksLink')}</PageLink>
        </Group>
      </Stack>
    </Card>
  );
}
