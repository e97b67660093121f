import { useEffect, useRef, useState } from 'react';
import { Alert, Box, Button, Group, RingProgress, Stack, Text, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { PageLink } from '../../navigation';
import { usePageParams } from '../../page-params';
import { formatLongDate, formatTime } from '../../shared/format';
import { usePageData } from '../../shared/queries';
import { loadQr, loadSheet, type SheetRef } from './api';
import { checkInUrl, svgOf } from './QrPanel';

/** A code lives this long (the server's qrWindowMs): the countdown starts again with each new code. */
const CODE_SECONDS = 10;

/**
 * The classroom's projector: the sheet's rotating QR code full screen, with its countdown and the lesson's name
 * (subject, groups, rooms, time). The teacher's own sheet only (teacher space); the page asks for the code every
 * second and counts down from the moment a new one arrives (the browser's clock is never compared with the server's).
 */
export function ProjectorPage() {
  const { t } = useTranslation();
  const { schoolSubject, lesson } = usePageParams('attendance.projector');
  const ref: SheetRef = { subjectId: schoolSubject, lessonId: lesson };
  const sheet = usePageData(['attendance.sheet', schoolSubject, lesson], () => loadSheet(ref));
  // The code exists only while the sheet is open and check-in is (the lesson, and 15 minutes after): never asked outside.
  const taking = sheet.data?.sheet && !sheet.data.sheet.closedAt ? sheet.data.window : null;
  const open = taking !== null && Date.now() >= Date.parse(taking.checkInFrom) && Date.now() <= Date.parse(taking.checkInUntil);
  const qr = usePageData(['attendance.projector.qr', lesson], () => loadQr(ref), { pollMs: () => 1000, enabled: open });
  const url = qr.data ? checkInUrl(qr.data) : null;

  // The countdown: from CODE_SECONDS when a new window's code arrives, one tick a second.
  const arrived = useRef<{ window: number; at: number } | null>(null);
  const [, setTick] = useState(0);
  useEffect(() => {
    const timer = window.setInterval(() => setTick((n) => n + 1), 250);
    return () => window.clearInterval(timer);
  }, []);
  if (qr.data && arrived.current?.window !== qr.data.window) arrived.current = { window: qr.data.window, at: Date.now() };
  const left = arrived.current ? Math.max(0, CODE_SECONDS - Math.floor((Date.now() - arrived.current.at) / 1000)) : CODE_SECONDS;

  const header = sheet.data?.header;
  const title = header?.schoolSubject ?? t('attendance.projector.lesson');
  const when = sheet.data ? `${formatLongDate(sheet.data.lesson.startAt)} · ${formatTime(sheet.data.lesson.startAt)}–${formatTime(sheet.data.lesson.endAt)}` : '';
  const details = [header?.groups.join(', '), header?.rooms.join(', '), when].filter(Boolean).join(' · ');

  const fullScreen = () => void document.documentElement.requestFullscreen?.().catch(() => undefined);

  return (
    <Box
      data-testid="projector"
      data-window={qr.data?.window ?? ''}
      style={{ position: 'fixed', inset: 0, zIndex: 400, background: 'var(--mantine-color-body)', overflow: 'auto' }}
    >
      <Stack align="center" justify="center" gap="md" mih="100%" p="lg">
        <Stack align="center" gap={4}>
          <Title order={1} ta="center" fz={{ base: 28, md: 44 }} data-testid="projector-lesson">{title}</Title>
          {details && <Text size="xl" c="dimmed" ta="center" data-testid="projector-details">{details}</Text>}
        </Stack>
        {sheet.error && <Alert color="red" variant="light" role="alert">{sheet.error}</Alert>}
        {sheet.data && !open && (
          <Alert color="orange" variant="light" data-testid="projector-closed">
            {sheet.data.sheet && !sheet.data.sheet.closedAt ? t('attendance.window.qr') : t('attendance.projector.notOpened')}
          </Alert>
        )}
        {open && qr.error && <Alert color="red" variant="light" role="alert" data-testid="projector-error">{qr.error}</Alert>}
        {open && url && (
          <div
            style={{ width: 'min(60vh, 90vw)', height: 'min(60vh, 90vw)' }}
            data-testid="projector-qr"
            data-url={url}
            role="img"
            aria-label={t('attendance.projector.qrLabel', { lesson: title })}
            dangerouslySetInnerHTML={{ __html: svgOf(url) }}
          />
        )}
        <Group gap="md" align="center">
          <RingProgress
            size={72}
            thickness={7}
            roundCaps
            sections={[{ value: (left / CODE_SECONDS) * 100, color: left <= 3 ? 'orange' : 'blue' }]}
            label={<Text ta="center" fw={700} size="lg">{left}</Text>}
          />
          <Text size="xl" data-testid="projector-countdown" data-seconds={left} aria-live="off">
            {t('attendance.projector.countdown', { count: left })}
          </Text>
        </Group>
        <Text size="lg" ta="center">{t('attendance.projector.hint')}</Text>
        <Group gap="sm">
          <Button variant="default" onClick={fullScreen} data-testid="projector-fullscreen">{t('attendance.projector.fullScreen')}</Button>
          <PageLink page="attendance.sheet" params={{ schoolSubject, lesson }} data-testid="projector-back">
            <Button variant="subtle" component="span">{t('attendance.projector.back')}</Button>
          </PageLink>
        </Group>
      </Stack>
    </Box>
  );
}
