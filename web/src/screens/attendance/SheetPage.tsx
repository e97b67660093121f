import { useEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Badge, Button, Group, Image, Modal, Select, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import { checkInOpen, lineStatuses, windowState, type LineStatus } from '@alterna/attendance/validation';
import { parisDay, parisTime, parisWallClock } from '@alterna/planning/validation';
import { PageLink } from '../../navigation';
import { TimeField } from '../../shared/DateFields';
import { firstFocusable, refocus } from '../../shared/focus';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { SignaturePad, type Strokes } from '../../shared/SignaturePad';
import { StackedCell, StackedTable } from '../../shared/StackedTable';
import { toast } from '../../shared/toast';
import { closeSheet, loadSheet, openSheet, saveLines, signOnDevice, type LineChange, type SheetLine, type SheetPage as Page, type SheetRef } from './api';
import { QrPanel } from './QrPanel';
import { usePageParams } from '../../page-params';

/** What the teacher changed on a line, not saved yet: the status and the times it needs ('HH:mm', Paris). */
interface Draft {
  status: LineStatus;
  arrived: string;
  left: string;
  exitFrom: string;
  exitTo: string;
}

const draftOf = (line: SheetLine): Draft | null =>
  line.status
    ? { status: line.status, arrived: time(line.arrivedAt), left: time(line.leftAt), exitFrom: time(line.exitFrom), exitTo: time(line.exitTo) }
    : null;
const time = (iso: string | null) => (iso ? parisTime(iso) : '');

/** Now, again every 15 s: the sheet's window opens and ends while the page stays open (the QR code, the buttons). */
function useClock(everyMs = 15_000): number {
  const [at, setAt] = useState(() => Date.now());
  useEffect(() => {
    const timer = window.setInterval(() => setAt(Date.now()), everyMs);
    return () => window.clearInterval(timer);
  }, [everyMs]);
  return at;
}

/** The teacher's own sheet of a lesson (`/my-courses/…`), reached from the day's lessons. */
export function SheetPage() {
  const { t } = useTranslation();
  const { schoolSubject, lesson } = usePageParams('attendance.sheet');
  return <SheetView sheetRef={{ subjectId: schoolSubject, lessonId: lesson }} back={<PageLink page="attendance.day">{t('attendance.sheet.back')}</PageLink>} />;
}

/**
 * Staff: a teacher's sheet of a lesson (SPEC §2 `/teacher/{teacher}/courses/…`), reached from the campus's sheet list.
 * The server says what they may do: the campus's managers take it, and correct it after its window; others read it.
 */
export function StaffSheetPage() {
  const { t } = useTranslation();
  const { teacher, schoolSubject, lesson } = usePageParams('attendance.staffSheet');
  const back = <PageLink page="attendance.sheets">{t('attendance.sheet.backToList')}</PageLink>;
  return <SheetView sheetRef={{ subjectId: schoolSubject, lessonId: lesson, teacherId: teacher }} back={back} />;
}

/**
 * A lesson's attendance sheet as it is taken: open it, mark everyone present in one tap, change the exceptions
 * one tap each, show the rotating QR code for self check-in, let a student sign on this device, save the whole
 * sheet in one request, then sign and close (unmarked students become absent).
 */
function SheetView({ sheetRef, back }: { sheetRef: SheetRef; back: ReactNode }) {
  const { t, i18n } = useTranslation();
  const { lessonId } = sheetRef;
  const page = usePageData(['attendance.sheet', lessonId, sheetRef.teacherId], () => loadSheet(sheetRef), { keepPrevious: false });
  const [drafts, setDrafts] = useState<Record<string, Draft>>({});
  const [busy, setBusy] = useState(false);
  const [showQr, setShowQr] = useState(false);
  const [signing, setSigning] = useState<SheetLine | 'close' | null>(null);
  // The dialog keeps its words while it fades out after a signature.
  const shown = useRef<SheetLine | 'close' | null>(null);
  if (signing) shown.current = signing;
  const target = shown.current;
  // Where the focus goes when what had it is gone (the open button, a closed dialog): the sheet's state line.
  const summary = useRef<HTMLDivElement>(null);

  const data = page.data;
  const sheet = data?.sheet ?? null;
  const day = data ? parisDay(data.lesson.startAt) : '';
  const closed = !!sheet?.closedAt;
  const draft = (line: SheetLine) => drafts[line.id] ?? draftOf(line);
  const dirty = Object.keys(drafts).length > 0;
  // The sheet's window (issue #24): it opens a little before the lesson and takes changes until some days after it;
  // later, only who may correct late changes it. The server refuses the same.
  const clock = useClock();
  const state = data ? windowState(data.window, clock) : 'open';
  const outside = state === 'before' || (state === 'after' && !data?.window.canCorrect);
  // Read-only staff (and a manager of another of its campuses' lessons) read it only, as the server says.
  const readOnly = closed || outside || !data?.canTake;
  const qrOpen = !!data && !readOnly && checkInOpen(data.window, clock);
  const nowTime = () => parisTime(new Date());
  // A late student's arrival: now while the lesson is on; else (marked before it starts, or days after) the lesson's start.
  const arrivalTime = () => {
    const at = Date.now();
    const underWay = !data || (at >= Date.parse(data.lesson.startAt) && at <= Date.parse(data.lesson.endAt));
    return underWay ? nowTime() : parisTime(data.lesson.startAt);
  };
  // Days and instants in the reader's language, on the Paris clock ('vendredi 20 novembre 2026 à 09:00'), never ISO.
  const said = (iso: string, timeStyle?: 'short') =>
    new Intl.DateTimeFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { timeZone: 'Europe/Paris', dateStyle: 'full', timeStyle }).format(Date.parse(iso));
  const spoken = (iso: string) => said(iso, 'short');

  /** Runs a request; the focus then goes to `then` (else back to what had it, else the sheet's state line). */
  const run = async (work: () => Promise<Page>, done?: string, then?: () => Element | null | undefined) => {
    const before = document.activeElement;
    setBusy(true);
    try {
      const next = await work();
      page.update(() => next);
      setDrafts({});
      if (done) toast.success(done);
      return true;
    } catch (error) {
      toast.error(errorMessage(error));
      return false;
    } finally {
      setBusy(false);
      // A loading button is disabled for the request's time, which drops the focus.
      refocus(then ?? (() => before), () => summary.current);
    }
  };
  const changes = (): LineChange[] =>
    Object.entries(drafts).map(([id, d]) => ({
      id, status: d.status,
      arrivedAt: d.status === 'late' && d.arrived ? parisWallClock(day, d.arrived) : null,
      leftAt: d.status === 'early-exit' && d.left ? parisWallClock(day, d.left) : null,
      exitFrom: d.status === 'temporary-exit' && d.exitFrom ? parisWallClock(day, d.exitFrom) : null,
      exitTo: d.status === 'temporary-exit' && d.exitTo ? parisWallClock(day, d.exitTo) : null,
    }));
  const save = () => run(() => saveLines(sheetRef, changes()), t('attendance.sheet.saved'));
  const setStatus = (line: SheetLine, status: LineStatus) =>
    setDrafts((all) => {
      const current = all[line.id] ?? draftOf(line) ?? { status, arrived: '', left: '', exitFrom: '', exitTo: '' };
      const next = { ...current, status };
      if (status === 'late' && !next.arrived) next.arrived = arrivalTime();
      if (status === 'early-exit' && !next.left) next.left = nowTime();
      if (status === 'temporary-exit' && !next.exitFrom) next.exitFrom = nowTime();
      return { ...all, [line.id]: next };
    });
  const everyonePresent = () => {
    for (const line of sheet?.lines ?? []) if (!draft(line)) setStatus(line, 'present');
  };

  return (
    <Stack gap="lg" data-testid="attendance-sheet-page">
      <PageTitle
        title={t('attendance.sheet.title')}
        intro={data ? `${said(data.lesson.startAt)} · ${parisTime(data.lesson.startAt)} – ${parisTime(data.lesson.endAt)}` : undefined}
        back={back}
      />
      {data && (
        // The sheet's header (issue #25): which sheet this is, its group and room, as a teacher checks it in the classroom.
        <Text size="sm" data-testid="sheet-header">
          <Text span fw={600} data-testid="sheet-subject">
            {data.header.schoolSubject ?? t('attendance.sheet.noSubject')}
          </Text>
          {' · '}
          <span data-testid="sheet-groups">{t('attendance.sheet.groups', { count: data.header.groups.length, groups: data.header.groups.join(', ') || '—' })}</span>
          {' · '}
          <span data-testid="sheet-rooms">
            {data.header.rooms.length ? t('attendance.sheet.rooms', { count: data.header.rooms.length, rooms: data.header.rooms.join(', ') }) : t('attendance.sheet.noRoom')}
          </span>
        </Text>
      )}
      {page.error && (
        <Alert color="red" variant="light" role="alert">
          {page.error}
        </Alert>
      )}
      {data && !closed && state !== 'open' && (
        <Alert color={outside ? 'yellow' : 'blue'} variant="light" data-testid="sheet-window">
          {state === 'before'
            ? t('attendance.sheet.window.notYet', { at: spoken(data.window.opensAt) })
            : t(outside ? 'attendance.sheet.window.over' : 'attendance.sheet.window.correcting', { at: spoken(data.window.closesAt) })}
        </Alert>
      )}
      {data && !sheet && !readOnly && (
        <Group>
          <Button
            onClick={() => void run(() => openSheet(sheetRef), undefined, () => document.querySelector('[data-testid=everyone-present]'))}
            loading={busy}
            data-testid="open-sheet"
          >
            {t('attendance.sheet.open')}
          </Button>
        </Group>
      )}
      {sheet && (
        <>
          <Group justify="space-between">
            <Group gap="sm" ref={summary} tabIndex={-1} style={{ outlineOffset: 4, borderRadius: 4 }} data-testid="sheet-summary">
              <Badge color={closed ? 'green' : 'blue'} variant="light" data-testid="sheet-state">
                {t(closed ? 'attendance.sheetState.closed' : 'attendance.sheetState.open')}
              </Badge>
              <Text size="sm" c="dimmed">
                {t('attendance.sheet.counts', { signed: sheet.lines.filter((l) => l.signature).length, total: sheet.lines.length })}
              </Text>
            </Group>
            {!readOnly && (
              <Group gap="sm">
                <Button variant="default" onClick={everyonePresent} className="touch-target" data-testid="everyone-present">
                  {t('attendance.sheet.everyonePresent')}
                </Button>
                {/* Only while students can check in: from the lesson's start to 15 minutes after its end. */}
                {qrOpen && (
                  <Button variant="default" onClick={() => setShowQr((shown) => !shown)} className="touch-target" data-testid="toggle-qr">
                    {showQr ? t('attendance.qr.hide') : t('attendance.qr.show')}
                  </Button>
                )}
                {/* data-disabled, not disabled: the button keeps the focus once the sheet is saved. aria-disabled says it is
                    inactive (to readers and to axe, which judged its greyed label as active text: 1.7:1). */}
                <Button onClick={() => dirty && void save()} data-disabled={!dirty || undefined} aria-disabled={!dirty || undefined} loading={busy} className="touch-target" data-testid="save-sheet">
                  {t('attendance.sheet.save')}
                </Button>
                <Button color="green" onClick={() => setSigning('close')} className="touch-target" data-testid="close-sheet">
                  {t('attendance.sheet.close')}
                </Button>
              </Group>
            )}
          </Group>
          {showQr && qrOpen && <QrPanel sheet={sheetRef} />}
          <StackedTable striped withTableBorder verticalSpacing="xs" data-testid="sheet-lines">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>{t('attendance.sheet.student')}</Table.Th>
                <Table.Th>{t('attendance.sheet.status')}</Table.Th>
                <Table.Th>{t('attendance.sheet.times')}</Table.Th>
                <Table.Th>{t('attendance.sheet.signature')}</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {sheet.lines.map((line) => (
                <LineRow
                  key={line.id}
                  line={line}
                  draft={draft(line)}
                  readOnly={readOnly}
                  // After the window a manager corrects statuses; a signature collected then would prove nothing.
                  signable={!readOnly && state !== 'after'}
                  onStatus={(status) => setStatus(line, status)}
                  onTimes={(times) => setDrafts((all) => ({ ...all, [line.id]: { ...draft(line)!, ...times } }))}
                  onSign={() => setSigning(line)}
                  showImage={closed}
                />
              ))}
            </Table.Tbody>
          </StackedTable>
          {!sheet.lines.length && <Text c="dimmed">{t('attendance.sheet.noStudents')}</Text>}
          {closed && sheet.closing && (
            <Stack gap={4} data-testid="closing">
              <Text size="sm" c="dimmed">
                {t('attendance.sheet.closedAt', { at: spoken(sheet.closing.signedAt) })}
              </Text>
              {sheet.closing.svg && <SignatureImage svg={sheet.closing.svg} alt={t('attendance.sheet.closingSignature')} testId="closing-signature" />}
            </Stack>
          )}
        </>
      )}
      <SignDialog
        title={target === 'close' ? t('attendance.sheet.closeTitle') : target ? t('attendance.sheet.signTitle', { name: personName(target.student) }) : ''}
        intro={target === 'close' ? t('attendance.sheet.closeIntro') : t('attendance.sheet.signIntro')}
        opened={signing !== null}
        busy={busy}
        onCancel={() => setSigning(null)}
        onSign={async (strokes) => {
          const signer = signing;
          if (!signer) return;
          // The marks on the sheet are saved first, whoever signs: the answer is the whole sheet as the server has it,
          // which replaces the page's (a signature used to wipe unsaved marks, and closing then recorded them absent).
          const saved = !dirty || (await run(() => saveLines(sheetRef, changes())));
          const ok =
            saved &&
            (signer === 'close'
              ? await run(() => closeSheet(sheetRef, strokes), t('attendance.sheet.closedDone'), () => summary.current)
              : await run(() => signOnDevice(sheetRef, signer.id, strokes), t('attendance.sheet.signedOnDevice'), () =>
                  firstFocusable(document.querySelector(`[data-testid=sheet-line][data-line-id="${signer.id}"]`))));
          if (ok) setSigning(null);
        }}
      />
    </Stack>
  );
}

function LineRow(props: {
  line: SheetLine;
  draft: Draft | null;
  readOnly: boolean;
  signable: boolean;
  onStatus: (status: LineStatus) => void;
  onTimes: (times: Partial<Draft>) => void;
  onSign: () => void;
  /** A closed sheet shows each signature's drawing (issue #25). */
  showImage: boolean;
}) {
  const { t } = useTranslation();
  const { line, draft, readOnly } = props;
  const name = personName(line.student);
  const quick: LineStatus[] = ['present', 'late', 'absent'];
  return (
    <Table.Tr data-testid="sheet-line" data-student={`${line.student.lastName.toUpperCase()} ${line.student.firstName}`} data-line-id={line.id}>
      <StackedCell>
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Text size="xs" c="dimmed">
          {line.trainingGroupShortName ?? ''}
        </Text>
      </StackedCell>
      <StackedCell label={t('attendance.sheet.status')}>
        {readOnly ? (
          <Badge variant="light" color={draft?.status === 'absent' ? 'red' : 'gray'}>
            {draft ? t(`attendance.status.${draft.status}`) : '—'}
          </Badge>
        ) : (
          <Group gap={4}>
            {quick.map((status) => (
              <Button
                key={status}
                size="compact-xs"
                variant={draft?.status === status ? 'filled' : 'default'}
                aria-pressed={draft?.status === status}
                color={status === 'absent' ? 'red' : status === 'late' ? 'orange' : 'green'}
                onClick={() => props.onStatus(status)}
                className="touch-target"
                data-testid={`mark-${status}`}
              >
                {t(`attendance.status.${status}`)}
              </Button>
            ))}
            <Select
              size="xs"
              w={{ base: '100%', xs: 170 }}
              aria-label={t('attendance.sheet.otherStatus')}
              placeholder={t('attendance.sheet.otherStatus')}
              data={lineStatuses.filter((s) => !quick.includes(s)).map((s) => ({ value: s, label: t(`attendance.status.${s}`) }))}
              value={draft && !quick.includes(draft.status) ? draft.status : null}
              onChange={(value) => value && props.onStatus(value as LineStatus)}
              data-testid="other-status"
            />
          </Group>
        )}
      </StackedCell>
      <StackedCell label={draft && draft.status in timesOf ? t('attendance.sheet.times') : undefined}>
        <LineTimes draft={draft} readOnly={readOnly} onTimes={props.onTimes} />
      </StackedCell>
      <StackedCell label={t('attendance.sheet.signature')}>
        {line.signature ? (
          <Stack gap={4} align="flex-start">
            <Badge color="green" variant="light" data-testid="signed">
              {t(`attendance.method.${line.signature.method}`)} · {parisTime(line.signature.signedAt)}
            </Badge>
            {props.showImage && line.signature.svg && <SignatureImage svg={line.signature.svg} alt={t('attendance.sheet.signatureOf', { name })} testId="signature-image" />}
          </Stack>
        ) : !props.signable ? (
          <Text size="xs" c="dimmed">—</Text>
        ) : (
          <Button size="compact-xs" variant="light" onClick={props.onSign} className="touch-target" data-testid="sign-on-device">
            {t('attendance.sheet.signHere')}
          </Button>
        )}
      </StackedCell>
    </Table.Tr>
  );
}

/** The statuses that have times (LineTimes): the others' times cell is empty, and shows no label on a phone. */
const timesOf: Partial<Record<LineStatus, true>> = { late: true, 'early-exit': true, 'temporary-exit': true };

/** A signature's drawing (the SVG the server made of its strokes), as an image: no script of it runs. */
function SignatureImage({ svg, alt, testId }: { svg: string; alt: string; testId: string }) {
  return <Image src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt={alt} h={56} w="auto" maw={220} fit="contain" bg="white" data-testid={testId} />;
}

/** The times a status needs: arrival (late), leaving (early exit), from and to (temporary exit). */
function LineTimes({ draft, readOnly, onTimes }: { draft: Draft | null; readOnly: boolean; onTimes: (times: Partial<Draft>) => void }) {
  const { t } = useTranslation();
  if (!draft) return null;
  const field = (key: 'arrived' | 'left' | 'exitFrom' | 'exitTo', label: string) =>
    readOnly ? (
      <Text size="xs" key={key}>
        {label} {draft[key] || '—'}
      </Text>
    ) : (
      <TimeField key={key} size="xs" w={110} aria-label={label} label={label} value={draft[key]} onChange={(e) => onTimes({ [key]: e.currentTarget.value })} data-testid={`time-${key}`} />
    );
  if (draft.status === 'late') return field('arrived', t('attendance.sheet.arrived'));
  if (draft.status === 'early-exit') return field('left', t('attendance.sheet.left'));
  if (draft.status === 'temporary-exit') {
    return (
      <Group gap="xs" wrap="nowrap">
        {field('exitFrom', t('attendance.sheet.exitFrom'))}
        {field('exitTo', t('attendance.sheet.exitTo'))}
      </Group>
    );
  }
  return null;
}

/** A signature in a dialog: the student on the teacher's tablet, or the teacher closing the sheet. */
function SignDialog(props: { title: string; intro: string; opened: boolean; busy: boolean; onCancel: () => void; onSign: (strokes: Strokes) => Promise<void> }) {
  const { t } = useTranslation();
  const [strokes, setStrokes] = useState<Strokes | null>(null);
  return (
    <Modal opened={props.opened} onClose={props.onCancel} title={props.title} size="lg" centered closeButtonProps={{ 'aria-label': t('dialog.cancel') }}>
      <Stack>
        <Text size="sm">{props.intro}</Text>
        {props.opened && <SignaturePad onChange={setStrokes} />}
        <Group justify="flex-end">
          <Button variant="default" onClick={props.onCancel}>
            {t('dialog.cancel')}
          </Button>
          <Button onClick={() => strokes && void props.onSign(strokes)} disabled={!strokes} loading={props.busy} data-testid="confirm-signature">
            {t('attendance.sheet.sign')}
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
