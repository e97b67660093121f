import { Button, Card, Stack, Text } from '@mantine/core';
import qrcode from 'qrcode-generator';
import { useTranslation } from 'react-i18next';
import { PageLink, pathTo } from '../../navigation';
import { usePageData } from '../../shared/queries';
import { loadQr, type QrCode, type SheetRef } from './api';

/** The address a student's phone opens when scanning: the check-in page with the lesson, window and code. */
export function checkInUrl(qr: QrCode): string {
  const query = new URLSearchParams({ lesson: qr.lessonId, window: String(qr.window), code: qr.code });
  return `${window.location.origin}${pathTo('attendance.checkIn')}?${query}`;
}

/** The rotating QR code: asked again every 4 s (a code lives 10 s); the page never holds the key. */
export function QrPanel({ sheet }: { sheet: SheetRef }) {
  const { t } = useTranslation();
  const qr = usePageData(['attendance.qr', sheet.lessonId], () => loadQr(sheet), { pollMs: () => 4000 });
  const url = qr.data ? checkInUrl(qr.data) : null;
  const svg = url ? svgOf(url) : null;
  return (
    <Card withBorder radius="lg" padding="md" data-testid="qr-panel">
      <Stack align="center" gap="xs">
        <Text fw={600}>{t('attendance.qr.title')}</Text>
        {qr.error && <Text c="red">{qr.error}</Text>}
        {svg && <div style={{ width: 260, height: 260 }} data-testid="qr-code" data-url={url ?? ''} dangerouslySetInnerHTML={{ __html: svg }} />}
        <Text size="sm" c="dimmed" ta="center">
          {t('attendance.qr.hint')}
        </Text>
        {/* The teacher's own sheet: the same code full screen, for the classroom's projector. */}
        {!sheet.teacherId && (
          <PageLink page="attendance.projector" params={{ schoolSubject: sheet.subjectId, lesson: sheet.lessonId }} data-testid="qr-projector">
            <Button variant="light" component="span">{t('attendance.projector.open')}</Button>
          </PageLink>
        )}
      </Stack>
    </Card>
  );
}

/** The QR code as SVG markup (made here from the URL alone). */
export function svgOf(url: string): string {
  const code = qrcode(0, 'M');
  code.addData(url);
  code.make();
  return code.createSvgTag({ cellSize: 5, margin: 2, scalable: true });
}
