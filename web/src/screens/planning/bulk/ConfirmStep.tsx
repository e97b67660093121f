import { useEffect, useEffectEvent } from 'react';
import { Alert, Badge, Center, Group, List, Loader, Stack, Table, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { usePageData } from '../../../shared/queries';
import type { LessonEvent } from '../calendar/api';
import { lessonLines } from '../calendar/events';
import { formatSlot } from '../shared/time';
import { previewEditMany, type EditManyBody, type PreviewItem } from './api';

/** Step 3: what will happen to each lesson (old → new time) and what would collide, before starting. */
export function ConfirmStep({ body, lessons, onConflicts }: { body: EditManyBody; lessons: LessonEvent[]; onConflicts?: (count: number) => void }) {
  const { t, i18n } = useTranslation();
  // Nothing shows until the preview of this very body is there (never another body's).
  const preview = usePageData(['planning.bulk.preview', JSON.stringify(body)], () => previewEditMany(body), { keepPrevious: false });
  const { error } = preview;
  // Without a preview the lessons are still listed, as they are.
  const items: PreviewItem[] | null = preview.data
    ?? (error
      ? body.lessonIds.map((lessonId) => {
        const lesson = lessons.find((l) => l.uuid === lessonId);
        return { lessonId, startAt: lesson?.startDate ?? '', endAt: lesson?.endDate ?? '', conflicts: [] };
      })
      : null);
  const reportConflicts = useEffectEvent((found: PreviewItem[]) => onConflicts?.(found.filter((item) => item.conflicts.length).length));
  useEffect(() => {
    if (preview.data) reportConflicts(preview.data);
  }, [preview.data]);

  const byId = new Map(lessons.map((l) => [l.uuid, l]));
  const withConflicts = items?.filter((item) => item.conflicts.length).length ?? 0;
  const moves = body.action === 'move';
  return (
    <Stack gap="md" data-testid="step-confirm">
      <Alert color={body.action === 'delete' ? 'red' : 'indigo'} variant="light" data-testid="confirm-summary">
        <Text size="sm" fw={600}>
          {t(`planning.bulk.edit.summary.${body.action}`, { count: body.lessonIds.length })}
        </Text>
      </Alert>
      {error && (
        <Alert color="orange" variant="light" data-testid="preview-error">
          {error}
        </Alert>
      )}
      {items === null ? (
        <Center p="lg">
          <Loader size="sm" />
        </Center>
      ) : (
        <>
          <Group gap="xs" data-testid="preview-counts">
            <Badge variant="light" size="lg" color="teal">
              {t('planning.bulk.edit.previewFree', { count: items.length - withConflicts })}
            </Badge>
            <Badge variant="light" size="lg" color={withConflicts ? 'red' : 'gray'} data-testid="preview-conflicts-count">
              {t('planning.bulk.edit.previewConflicts', { count: withConflicts })}
            </Badge>
          </Group>
          <Table.ScrollContainer minWidth={720} mah={520}>
            <Table verticalSpacing={6} fz="sm" withTableBorder stickyHeader data-testid="preview-table">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>{t('planning.calendar.fields.schoolSubject')}</Table.Th>
                  <Table.Th>{t('planning.bulk.edit.before')}</Table.Th>
                  {moves && <Table.Th>{t('planning.bulk.edit.after')}</Table.Th>}
                  <Table.Th>{t('planning.bulk.edit.conflicts')}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {items.map((item) => {
                  const lesson = byId.get(item.lessonId);
                  const lines = lesson ? lessonLines(lesson) : null;
                  return (
                    <Table.Tr key={item.lessonId} data-testid="preview-row" data-lesson-id={item.lessonId} data-conflicts={item.conflicts.length}>
                      <Table.Td>
                        <Text size="sm" fw={600}>
                          {lines?.subject || '—'}
                        </Text>
                        <Text size="xs" c="dimmed">
                          {[lines?.groups, lines?.rooms].filter(Boolean).join(' · ')}
                        </Text>
                      </Table.Td>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>{lesson ? formatSlot(lesson.startDate, lesson.endDate, i18n.language) : '—'}</Table.Td>
                      {moves && (
                        <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600} data-testid="preview-after">
                          → {item.startAt ? formatSlot(item.startAt, item.endAt, i18n.language) : '—'}
                        </Table.Td>
                      )}
                      <Table.Td>
                        {item.conflicts.length === 0 ? (
                          <Badge color="teal" variant="light" size="sm">
                            {t('planning.bulk.edit.noConflict')}
                          </Badge>
                        ) : (
                          <List size="sm" spacing={2} c="red">
                            {item.conflicts.map((conflict, i) => (
                              <List.Item key={i} data-testid="preview-conflict">
                                {conflict.message ?? conflict.kind}
                              </List.Item>
                            ))}
                          </List>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  );
                })}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
          {withConflicts > 0 && (
            <Text size="sm" c="dimmed">
              {t('planning.bulk.edit.conflictsNote')}
            </Text>
          )}
        </>
      )}
    </Stack>
  );
}
