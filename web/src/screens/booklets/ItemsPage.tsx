import { useState } from 'react';
import { ActionIcon, Alert, Button, Card, Group, MultiSelect, Stack, Table, Text, TextInput } from '@mantine/core';
import { useParams } from '@tanstack/react-router';
import { useTranslation } from 'react-i18next';
import { bookletModules } from '@alterna/booklets/validation';
import { errorDialog } from '../../shared/dialogs';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { createItem, deleteItem, loadItems, moveItem } from './api';

/** Staff: a training's booklet items — list, add, reorder (SPEC §2 /coaching/booklet-item/{id}/position/{position}), delete. */
export function BookletItemsPage() {
  const { t } = useTranslation();
  const { id } = useParams({ strict: false }) as { id: string };
  const page = usePageData(['booklets.items', id], () => loadItems(id));
  const [draft, setDraft] = useState({ title: '', date: '', startDate: '', endDate: '', modules: [] as string[] });
  const act = async (action: () => Promise<unknown>) => {
    try { await action(); await page.reload(); } catch (error) { await errorDialog(errorMessage(error)); }
  };
  const add = () => act(async () => {
    await createItem(id, { title: draft.title, date: draft.date || null, startDate: draft.startDate || null, endDate: draft.endDate || null, modules: draft.modules });
    setDraft({ title: '', date: '', startDate: '', endDate: '', modules: [] });
  });
  const items = page.data?.items ?? [];
  const day = (value: string | null) => value ?? '';
  return (
    <Stack gap="lg" data-testid="booklet-items-page">
      <PageTitle title={t('booklets.items.title')} intro={t('booklets.items.intro')} />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      <Card withBorder radius="lg" padding="lg">
        {items.length ? (
          <Table striped>
            <Table.Tbody>
              {items.map((item, index) => (
                <Table.Tr key={item.id} data-testid="booklet-item-row">
                  <Table.Td>{item.position}</Table.Td>
                  <Table.Td>{item.title}</Table.Td>
                  <Table.Td>{item.date ?? `${day(item.startDate)} → ${day(item.endDate)}`}</Table.Td>
                  <Table.Td>{item.modules.map((m) => t(`booklets.modules.${m}`)).join(', ')}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" disabled={index === 0} aria-label={t('booklets.items.up')} onClick={() => act(() => moveItem(item.id, item.position - 1))}>↑</ActionIcon>
                      <ActionIcon variant="subtle" disabled={index === items.length - 1} aria-label={t('booklets.items.down')} onClick={() => act(() => moveItem(item.id, item.position + 1))}>↓</ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('booklets.items.delete')} onClick={() => act(() => deleteItem(item.id))}>×</ActionIcon>
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : <Text c="dimmed">{t('booklets.items.none')}</Text>}
      </Card>
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          <TextInput label={t('booklets.items.title_label')} value={draft.title} onChange={(e) => { const title = e.currentTarget.value; setDraft((d) => ({ ...d, title })); }} />
          <Group grow>
            <TextInput type="date" label={t('booklets.items.date')} value={draft.date} onChange={(e) => { const date = e.currentTarget.value; setDraft((d) => ({ ...d, date })); }} />
            <TextInput type="date" label={t('booklets.items.startDate')} value={draft.startDate} onChange={(e) => { const startDate = e.currentTarget.value; setDraft((d) => ({ ...d, startDate })); }} />
            <TextInput type="date" label={t('booklets.items.endDate')} value={draft.endDate} onChange={(e) => { const endDate = e.currentTarget.value; setDraft((d) => ({ ...d, endDate })); }} />
          </Group>
          <MultiSelect label={t('booklets.items.modules')} data={bookletModules.map((m) => ({ value: m, label: t(`booklets.modules.${m}`) }))} value={draft.modules} onChange={(modules) => setDraft((d) => ({ ...d, modules }))} />
          <Button w="fit-content" onClick={add}>{t('booklets.items.add')}</Button>
        </Stack>
      </Card>
    </Stack>
  );
}
