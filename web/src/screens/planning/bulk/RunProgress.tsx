import { Alert, Badge, Group, Progress, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { percent } from '../../../shared/format';
import { OUTCOME_COLOR, STATUS_COLOR, runOutcome } from '../../staff/operations';
import { runResult, type Operation } from './api';
import { ITEM_COLOUR, ITEM_ORDER } from './statuses';

/** A run's live progress: a bar done / total, then the counts per outcome once it has ended. */
export function RunProgress({ operation, error }: { operation: Operation; error?: string | null }) {
  const { t } = useTranslation();
  const { done, total } = operation.progress;
  const finished = operation.status !== 'running';
  // A run that created or changed nothing ends orange, saying so, never as a green "100 %".
  const outcome = runOutcome(operation);
  const pct = outcome === 'done' ? 100 : outcome === 'nothing' ? 0 : percent(done, total);
  const color = outcome && outcome !== 'done' ? OUTCOME_COLOR[outcome] : (STATUS_COLOR[operation.status] ?? 'blue');
  const counts = runResult(operation)?.counts ?? {};
  return (
    <Stack gap="xs" data-testid="run-progress" data-status={operation.status} data-outcome={outcome ?? ''} data-operation-id={operation.id}>
      <Group justify="space-between" gap="xs">
        <div>
          <Text fw={600}>{t(`operations.kinds.${operation.kind}`, { defaultValue: operation.kind })}</Text>
          <Text size="sm" c="dimmed" data-testid="run-subject">
            {operation.subject}
          </Text>
        </div>
        <Badge color={color} variant="light" data-testid="run-status">
          {outcome && outcome !== 'done' ? t(`operations.outcome.${outcome}`) : t(`operations.status.${operation.status}`, { defaultValue: operation.status })}
        </Badge>
      </Group>
      <Progress.Root size="xl" radius="xl" aria-label={t('planning.bulk.run.progress')}>
        <Progress.Section value={pct} color={color} animated={!finished} />
      </Progress.Root>
      <Text size="sm" c={outcome === 'nothing' ? 'orange' : 'dimmed'} data-testid="run-progress-label">
        {outcome === 'nothing' ? (total === 0 ? t('planning.bulk.run.nothingToDo') : t('planning.bulk.run.nothingDone', { count: total })) : t('planning.bulk.run.progressLabel', { done, total, percent: pct })}
      </Text>
      {Object.keys(counts).length > 0 && (
        <Group gap="xs" data-testid="run-counts">
          {ITEM_ORDER.filter((status) => counts[status]).map((status) => (
            <Badge key={status} color={ITEM_COLOUR[status]} variant="light" size="lg" data-testid="run-count" data-status={status}>
              {t('planning.bulk.run.count', { count: counts[status], label: t(`planning.bulk.itemStatus.${status}`) })}
            </Badge>
          ))}
        </Group>
      )}
      {operation.error && (
        <Alert color="red" variant="light" data-testid="run-error">
          {operation.error}
        </Alert>
      )}
      {error && (
        <Alert color="orange" variant="light">
          {error}
        </Alert>
      )}
    </Stack>
  );
}
