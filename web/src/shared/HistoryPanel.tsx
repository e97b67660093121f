import { useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Center, Drawer, Group, Loader, Stack, Text, Timeline, Tooltip } from '@mantine/core';
import { useWindowEvent } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { useMe } from '../session';
import { requestJson } from './http';
import { usePageData } from './queries';

// The history panel (issue #14): a record's changes from the core's audit trail, newest first — who, when, from
// which request or bulk operation, and each field before and after. GET /api/history/{kind}/{id} (core/API.md).

export type HistoryKind = 'lesson' | 'student' | 'registration' | 'contract' | 'booklet-form' | 'file';

interface HistoryChange {
  field: string;
  before: unknown;
  after: unknown;
}

interface HistoryEntry {
  id: string;
  at: string;
  table: string;
  action: 'insert' | 'update' | 'delete' | 'truncate';
  actor: { id: string | null; name: string | null } | null;
  requestId: string | null;
  operationId: string | null;
  workflowId: string | null;
  changes: HistoryChange[];
}

interface History {
  entries: HistoryEntry[];
  truncated: boolean;
  /** The names of the records the changes point to, by id (the server reads them from the trail). */
  labels: Record<string, string>;
}

/** Names a field's value the caller knows (an id of its options, an enum's label); null leaves it as recorded. */
export type HistoryValueLabel = (field: string, value: unknown) => string | null;

/** The permission the history route asks for: staff who read records. */
export const HISTORY_READ = 'core.history.read';
/** Bookkeeping columns that say nothing to a reader (a lesson's `sequence` is its iCal version, moved by its moves). */
const hidden = new Set(['id', 'created_at', 'updated_at', 'period', 'sequence']);
const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const timestamp = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const day = /^\d{4}-\d{2}-\d{2}$/;

const locale = (language: string) => (language === 'en' ? 'en-GB' : 'fr-FR');
const when = (iso: string, language: string, timeStyle: 'short' | 'medium' = 'medium') =>
  new Date(iso).toLocaleString(locale(language), { timeZone: 'Europe/Paris', dateStyle: 'short', timeStyle });

function shown(value: unknown, t: TFunction, language: string): { text: string; full?: string } {
  if (value === null || value === undefined || value === '') return { text: '—' };
  if (value === '***') return { text: t('history.secret') };
  if (typeof value === 'boolean') return { text: t(value ? 'history.yes' : 'history.no') };
  if (typeof value === 'string') {
    if (uuid.test(value)) return { text: `${value.slice(0, 8)}…`, full: value };
    if (timestamp.test(value)) return { text: when(value, language, 'short'), full: value };
    if (day.test(value)) return { text: new Date(`${value}T12:00:00Z`).toLocaleDateString(locale(language), { timeZone: 'UTC' }) };
    return value.length > 160 ? { text: `${value.slice(0, 160)}…`, full: value } : { text: value };
  }
  if (typeof value === 'number') return { text: value.toLocaleString(locale(language)) };
  const json = JSON.stringify(value);
  return json.length > 160 ? { text: `${json.slice(0, 160)}…`, full: json } : { text: json };
}

const humanized = (field: string) => field.replace(/_/g, ' ').replace(/^./, (c) => c.toUpperCase());

function Value({ field, value, label }: { field: string; value: unknown; label?: HistoryValueLabel }) {
  const { t, i18n } = useTranslation();
  const named = value === null || value === undefined ? null : label?.(field, value);
  const { text, full } = named ? { text: named, full: undefined } : shown(value, t, i18n.language);
  return full ? <Tooltip label={full} multiline maw={360}><Text span size="sm">{text}</Text></Tooltip> : <Text span size="sm">{text}</Text>;
}

function Entry({ entry, recordId, label }: { entry: HistoryEntry; recordId: string; label?: HistoryValueLabel }) {
  const { t, i18n } = useTranslation();
  // The record's own id in a related row (a lesson's teacher row names the lesson) says nothing either.
  const changes = entry.changes.filter((c) => !hidden.has(c.field) && c.before !== recordId && c.after !== recordId);
  // Whoever made the change is named where a field names them (created_by, uploaded_by…).
  const named: HistoryValueLabel = (field, value) => label?.(field, value) ?? (entry.actor?.name && value === entry.actor.id ? entry.actor.name : null);
  const origin = entry.operationId
    ? t('history.operation', { id: entry.operationId.slice(0, 8) })
    : entry.requestId ? t('history.request', { id: entry.requestId.slice(0, 8) }) : null;
  return (
    <Stack gap={4} data-testid="history-entry" data-action={entry.action} data-table={entry.table}>
      <Text size="xs" c="dimmed">
        {when(entry.at, i18n.language)} · {entry.actor?.name ?? t('history.system')}{origin ? ` · ${origin}` : ''}
      </Text>
      {changes.map((change) => (
        <Group key={change.field} gap={6} wrap="wrap" data-testid="history-change" data-field={change.field}>
          <Text span size="sm" fw={600}>{t(`history.fields.${change.field}`, { defaultValue: humanized(change.field) })}</Text>
          {entry.action === 'update' ? (
            <>
              <Value field={change.field} value={change.before} label={named} />
              <Text span size="sm" c="dimmed" aria-label={t('history.becomes')}>→</Text>
              <Value field={change.field} value={change.after} label={named} />
            </>
          ) : (
            <Value field={change.field} value={entry.action === 'delete' ? change.before : change.after} label={named} />
          )}
        </Group>
      ))}
    </Stack>
  );
}

const contentClass = 'alterna-history-drawer';
const actionColor = { insert: 'teal', update: 'blue', delete: 'red', truncate: 'red' } as const;
const stopEscape = { 'data-mantine-stop-propagation': 'true' } as Record<string, string>;

/** A record's changes, loaded when the drawer opens (it mounts its content then, and drops it once closed). */
function HistoryEntries({ kind, id, valueLabel }: { kind: HistoryKind; id: string; valueLabel?: HistoryValueLabel }) {
  const { t } = useTranslation();
  const page = usePageData(
    ['history', kind, id],
    () => requestJson<History>('GET', `/api/history/${encodeURIComponent(kind)}/${encodeURIComponent(id)}`),
    { keepPrevious: false },
  );
  const history = page.data ?? null;
  const { error } = page;
  return error ? (
    <Alert color="red" variant="light" role="alert">{error}</Alert>
  ) : !history ? (
    <Center p="xl"><Loader size="sm" aria-label={t('history.loading')} /></Center>
  ) : history.entries.length === 0 ? (
    <Text c="dimmed" data-testid="history-empty">{t('history.empty')}</Text>
  ) : (
    <Stack gap="md">
      {history.truncated && <Alert color="gray" variant="light">{t('history.truncated', { count: history.entries.length })}</Alert>}
      <Timeline bulletSize={14} lineWidth={2}>
        {history.entries.map((entry) => (
          <Timeline.Item
            key={entry.id}
            color={actionColor[entry.action]}
            title={
              <Group gap={6}>
                <Text size="sm" fw={600}>{t(`history.tables.${entry.table}`, { defaultValue: humanized(entry.table) })}</Text>
                <Badge size="xs" variant="light" color={actionColor[entry.action]}>{t(`history.actions.${entry.action}`)}</Badge>
              </Group>
            }
          >
            <Entry entry={entry} recordId={id} label={(field, value) => valueLabel?.(field, value) ?? (typeof value === 'string' ? history.labels[value] ?? null : null)} />
          </Timeline.Item>
        ))}
      </Timeline>
    </Stack>
  );
}

/** The drawer listing a record's changes; loads them each time it opens. */
export function HistoryDrawer({ kind, id, title, opened, onClose, valueLabel }: {
  kind: HistoryKind; id: string; title: string; opened: boolean; onClose: () => void; valueLabel?: HistoryValueLabel;
}) {
  const { t } = useTranslation();

  // Every open Mantine modal closes on Escape unless the key comes from an element marked to stop it: the drawer's
  // elements are, and the drawer closes itself, so that a dialog it was opened from (the lesson's) stays open.
  useWindowEvent('keydown', (event) => {
    if (opened && event.key === 'Escape' && (event.target as Element | null)?.closest?.(`.${contentClass}`)) onClose();
  });
  return (
    <Drawer opened={opened} onClose={onClose} position="right" size="lg" title={title} styles={{ title: { fontWeight: 700 } }}
      classNames={{ content: contentClass }} closeButtonProps={{ 'aria-label': t('history.close'), ...stopEscape }} data-testid="history-drawer">
      <div tabIndex={-1} {...stopEscape} style={{ outline: 'none' }}>
      <HistoryEntries kind={kind} id={id} valueLabel={valueLabel} />
      </div>
    </Drawer>
  );
}

/**
 * "Historique / History": opens the record's history panel. Shown only to those who may read histories (staff);
 * `icon` makes it a small icon button (a table row), its accessible name naming the record; `valueLabel` names the
 * values the caller knows (its options' ids, its enums).
 */
export function HistoryButton({ kind, id, name, icon = false, size = 'sm', valueLabel }: {
  kind: HistoryKind; id: string; name?: string; icon?: boolean; size?: 'xs' | 'sm'; valueLabel?: HistoryValueLabel;
}) {
  const { t } = useTranslation();
  const me = useMe();
  const [opened, setOpened] = useState(false);
  if (!me?.permissions.includes(HISTORY_READ)) return null;
  const title = name ? t('history.titleOf', { name }) : t(`history.title.${kind}`);
  return (
    <>
      {icon ? (
        <ActionIcon variant="subtle" onClick={() => setOpened(true)} aria-label={title} title={title} data-testid="history-button">
          <svg width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
            <path d="M3 12a9 9 0 1 0 3-6.7L3 8" /><path d="M3 3v5h5" /><path d="M12 7v5l3 3" />
          </svg>
        </ActionIcon>
      ) : (
        <Button variant="subtle" size={size === 'xs' ? 'compact-xs' : 'compact-sm'} onClick={() => setOpened(true)} aria-label={name ? title : undefined} data-testid="history-button">
          {t('history.open')}
        </Button>
      )}
      {opened && <HistoryDrawer kind={kind} id={id} title={title} opened={opened} onClose={() => setOpened(false)} valueLabel={valueLabel} />}
    </>
  );
}
