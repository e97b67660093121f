import { useEffect, useRef, useState } from 'react';
import { Alert, Badge, Button, Card, Stack, Table, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../shared/format';
import { parisTime } from '@alterna/planning/validation';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageSearch } from '../../page-search';
import { usePageData } from '../../shared/queries';
import { SignaturePad, type Strokes } from '../../shared/SignaturePad';
import { checkIn, loadMine, signMine, type MyAttendanceLine } from './api';
import { CheckInRefused } from './CheckInRefused';
import { halfDays, type HalfDayState } from './half-days';
import { StackedCell, StackedTable } from '../../shared/StackedTable';

type Step = { kind: 'checking' } | { kind: 'refused'; message: string } | { kind: 'sign'; lessonId: string } | { kind: 'signed' };

/**
 * What a student's phone opens when scanning the lesson's QR code: the check-in (marked present), then the
 * signature on the phone. The scan is sent once, even under StrictMode's double mount.
 */
export function CheckInPage() {
  const { t } = useTranslation();
  const [search] = usePageSearch('attendance.checkIn');
  const [step, setStep] = useState<Step>({ kind: 'checking' });
  const [strokes, setStrokes] = useState<Strokes | null>(null);
  const [busy, setBusy] = useState(false);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    const scan = { lesson: search.lesson, window: search.window, code: search.code };
    // Opened without a scanned code (typed in, or from the history): nothing to send.
    if (!scan.lesson || !scan.code) {
      setStep({ kind: 'refused', message: t('attendance.checkIn.noCode') });
      return;
    }
    checkIn(scan)
      .then((done) => setStep(done.signed ? { kind: 'signed' } : { kind: 'sign', lessonId: done.lessonId }))
      .catch((error: unknown) => setStep({ kind: 'refused', message: errorMessage(error) }));
  }, [search.lesson, search.window, search.code, t]);

  const sign = async (lessonId: string) => {
    if (!strokes) return;
    setBusy(true);
    try {
      await signMine(lessonId, strokes);
      setStep({ kind: 'signed' });
    } catch (error) {
      setStep({ kind: 'refused', message: errorMessage(error) });
    } finally {
      setBusy(false);
    }
  };

  return (
    <Stack gap="lg" maw={640} data-testid="check-in-page">
      <PageTitle title={t('attendance.checkIn.title')} />
      {step.kind === 'checking' && <Text c="dimmed">{t('attendance.checkIn.checking')}</Text>}
      {step.kind === 'refused' && <CheckInRefused message={step.message} lessonId={search.lesson} />}
      {step.kind === 'sign' && (
        <Card withBorder radius="lg" padding="lg">
          <Stack>
            <Alert color="green" variant="light" data-testid="checked-in">
              {t('attendance.checkIn.present')}
            </Alert>
            <Text size="sm">{t('attendance.checkIn.signIntro')}</Text>
            <SignaturePad onChange={setStrokes} />
            <Button onClick={() => void sign(step.lessonId)} disabled={!strokes} loading={busy} className="touch-target" data-testid="sign-mine">
              {t('attendance.checkIn.sign')}
            </Button>
          </Stack>
        </Card>
      )}
      {step.kind === 'signed' && (
        <Alert color="green" variant="light" data-testid="signed-mine">
          {t('attendance.checkIn.signed')}
        </Alert>
      )}
    </Stack>
  );
}

/** The student's attendance: each lesson with a sheet, its status, check-in and signature. */
export function MyAttendancePage() {
  const { t } = useTranslation();
  const page = usePageData(['attendance.mine'], loadMine);
  const lines = page.data?.lines ?? [];
  return (
    <Stack gap="lg" maw={900} data-testid="my-attendance-page">
      <PageTitle title={t('attendance.mine.title')} intro={t('attendance.mine.intro')} />
      {page.error && (
        <Alert color="red" variant="light" role="alert">
          {page.error}
        </Alert>
      )}
      {page.data && !lines.length && <Text c="dimmed">{t('attendance.mine.none')}</Text>}
      {lines.length > 0 && <HalfDays lines={lines} />}
      {lines.length > 0 && (
        <StackedTable striped withTableBorder data-testid="my-attendance">
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t('attendance.mine.when')}</Table.Th>
              <Table.Th>{t('attendance.mine.subject')}</Table.Th>
              <Table.Th>{t('attendance.sheet.status')}</Table.Th>
              <Table.Th>{t('attendance.sheet.signature')}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {lines.map((line) => (
              <Table.Tr key={line.lessonId}>
                <StackedCell label={t('attendance.mine.when')}>
                  {formatDate(line.startAt)} {parisTime(line.startAt)}–{parisTime(line.endAt)}
                </StackedCell>
                <StackedCell label={t('attendance.mine.subject')}>{line.schoolSubject ?? '—'}</StackedCell>
                <StackedCell label={t('attendance.sheet.status')}>
                  <Badge variant="light" color={line.status === 'absent' ? 'red' : line.status ? 'green' : 'gray'}>
                    {line.status ? t(`attendance.status.${line.status}`) : t('attendance.mine.pending')}
                  </Badge>
                </StackedCell>
                <StackedCell label={t('attendance.sheet.signature')}>{line.signed ? t('attendance.mine.signed') : '—'}</StackedCell>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </StackedTable>
      )}
    </Stack>
  );
}

const halfDayColors: Record<HalfDayState, string> = { signed: 'green', unsigned: 'orange', absent: 'red', open: 'gray' };

/** Each day's morning and afternoon, as funders count them: signed, attended without a signature, absent. */
function HalfDays({ lines }: { lines: MyAttendanceLine[] }) {
  const { t } = useTranslation();
  const state = (value: HalfDayState | null) =>
    value ? <Badge variant="light" color={halfDayColors[value]}>{t(`attendance.mine.halfDay.${value}`)}</Badge> : <Text span c="dimmed">—</Text>;
  return (
    <Stack gap="xs">
      <Title order={2} size="h4">{t('attendance.mine.halfDaysTitle')}</Title>
      <Table withTableBorder data-testid="my-half-days">
        <Table.Thead>
          <Table.Tr>
            <Table.Th>{t('attendance.mine.day')}</Table.Th>
            <Table.Th>{t('attendance.mine.morning')}</Table.Th>
            <Table.Th>{t('attendance.mine.afternoon')}</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {halfDays(lines).map((row) => (
            <Table.Tr key={row.day}>
              <Table.Td>{formatDate(row.day)}</Table.Td>
              <Table.Td>{state(row.morning)}</Table.Td>
              <Table.Td>{state(row.afternoon)}</Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </Table>
      <Title order={2} size="h4" mt="sm">{t('attendance.mine.lessonsTitle')}</Title>
    </Stack>
  );
}
