import { useState, type MouseEvent } from 'react';
import { Button, Card, Group, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { useNavigate } from '@tanstack/react-router';
import { usePath } from '../../../navigation';
import { pageSearchString } from '../../../page-search';
import { confirm } from '../../../shared/dialogs';
import { errorMessage } from '../../../shared/http';
import { usePageData } from '../../../shared/queries';
import { toast } from '../../../shared/toast';
import { mondayOf } from '../shared/time';
import { getRunItems, runResult, undoRun, type Operation, type RunItemStatus } from './api';
import { RunProgress } from './RunProgress';
import { RunResults } from './RunResults';
import { useOperation } from './useOperation';
import { useUndoneRuns } from './useUndoneRuns';
import { runOutcome } from '../../staff/operations';

const LESSON_OUTCOMES: RunItemStatus[] = ['created', 'moved', 'updated', 'cancelled', 'undone'];

/** A started run: live progress, then its results, a link to the calendar at its first lesson's week, and Undo. */
export function RunPanel({ initial, onAnother, anotherLabel }: { initial: Operation; onAnother?: () => void; anotherLabel?: string }) {
  const { t } = useTranslation();
  const { operation, error } = useOperation(initial);
  const finished = operation.status !== 'running';
  const result = runResult(operation);
  const [undo, setUndo] = useState<Operation | null>(null);
  const [undoing, setUndoing] = useState(false);
  const { undone, markUndone } = useUndoneRuns(finished ? [operation] : null);
  const navigate = useNavigate();

  // The week of the run's first lesson, once it has ended (without it, no calendar link: not an error to show).
  const outcome = finished && result ? (LESSON_OUTCOMES.find((s) => result.counts[s]) ?? null) : null;
  const first = usePageData(
    ['planning.bulk.firstWeek', operation.id, outcome],
    () => getRunItems(operation.id, { status: outcome, offset: 0, limit: 1 }).then((page) => page.items[0]?.startAt ?? null),
    { enabled: outcome !== null },
  );
  const firstWeek = first.data ? mondayOf(first.data) : null;
  const calendarHref = usePath('planning.calendar') + pageSearchString('planning.calendar', { campus: operation.campusId, date: firstWeek });

  const askUndo = async () => {
    const ok = await confirm({
      title: t('planning.bulk.undo.title'),
      message: t('planning.bulk.undo.confirm'),
      confirmLabel: t('planning.bulk.undo.ok'),
      color: 'orange',
    });
    if (!ok) return;
    setUndoing(true);
    try {
      setUndo(await undoRun(operation.id));
      markUndone(operation.id);
      toast.info(t('planning.bulk.undo.started'));
    } catch (e) {
      toast.error(errorMessage(e));
    } finally {
      setUndoing(false);
    }
  };

  return (
    <Stack gap="md" data-testid="run-panel" data-operation-id={operation.id}>
      <Card withBorder radius="lg" padding="lg">
        <RunProgress operation={operation} error={error} />
      </Card>
      {finished && (
        <Card withBorder radius="lg" padding="lg">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Text fw={700}>{t('planning.bulk.results.title')}</Text>
              <Group gap="xs">
                {firstWeek && (
                  <Button
                    component="a"
                    href={calendarHref}
                    onClick={(event: MouseEvent) => {
                      event.preventDefault();
                      void navigate({ href: calendarHref });
                    }}
                    variant="default"
                    size="xs"
                    data-testid="run-calendar-link"
                  >
                    {t('planning.bulk.results.openCalendar')}
                  </Button>
                )}
                {result?.undoable && runOutcome(operation) !== 'nothing' && !undo && undone[operation.id] === false && (
                  <Button variant="light" color="orange" size="xs" onClick={() => void askUndo()} loading={undoing} data-testid="run-undo">
                    {t('planning.bulk.undo.button')}
                  </Button>
                )}
                {onAnother && (
                  <Button variant="subtle" size="xs" onClick={onAnother} data-testid="run-another">
                    {anotherLabel}
                  </Button>
                )}
              </Group>
            </Group>
            <RunResults operationId={operation.id} />
          </Stack>
        </Card>
      )}
      {undo && (
        <Stack gap="xs" data-testid="undo-run">
          <Text fw={700}>{t('planning.bulk.undo.runTitle')}</Text>
          <RunPanel initial={undo} />
        </Stack>
      )}
    </Stack>
  );
}
