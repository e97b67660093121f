import { useState, type ChangeEvent } from 'react';
import { ActionIcon, Alert, Button, Card, Group, Modal, MultiSelect, Stack, Table, Text, Textarea, TextInput, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate, formatDateRange } from '../../shared/format';
import { bookletModules, thesisGridSchema } from '@alterna/booklets/validation';
import { PageLink } from '../../navigation';
import { DecimalInput } from '../../shared/DecimalInput';
import { yupValidator } from '../../shared/form';
import { confirm, errorDialog } from '../../shared/dialogs';
import { errorMessage } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { addThesisSkill, createItem, deleteItem, deleteThesisSkill, loadItems, loadThesisGrid, moveItem, saveThesisGrid, updateItem, type BookletItem } from './api';
import { HiddenHeader } from '../../shared/HiddenHeader';
import { usePageParams } from '../../page-params';

const validateGrid = yupValidator(thesisGridSchema);

type Draft = { title: string; date: string; startDate: string; endDate: string; modules: string[] };
const emptyDraft: Draft = { title: '', date: '', startDate: '', endDate: '', modules: [] };
const draftOf = (item: BookletItem): Draft => ({ title: item.title, date: item.date ?? '', startDate: item.startDate ?? '', endDate: item.endDate ?? '', modules: [...item.modules] });
const bodyOf = (draft: Draft) => ({ title: draft.title, date: draft.date || null, startDate: draft.startDate || null, endDate: draft.endDate || null, modules: draft.modules });

/** Title, a date or a period, modules: the add card and the edit dialog share it. */
function ItemFields({ draft, onChange, prefix }: { draft: Draft; onChange: (next: (d: Draft) => Draft) => void; prefix: string }) {
  const { t } = useTranslation();
  const text = (key: 'title' | 'date' | 'startDate' | 'endDate') => (e: ChangeEvent<HTMLInputElement>) => { const value = e.currentTarget.value; onChange((d) => ({ ...d, [key]: value })); };
  return (
    <>
      <TextInput label={t('booklets.items.title_label')} value={draft.title} onChange={text('title')} data-testid={`${prefix}-title`} />
      <Group grow>
        <TextInput type="date" label={t('booklets.items.date')} value={draft.date} onChange={text('date')} data-testid={`${prefix}-date`} />
        <TextInput type="date" label={t('booklets.items.startDate')} value={draft.startDate} onChange={text('startDate')} data-testid={`${prefix}-start`} />
        <TextInput type="date" label={t('booklets.items.endDate')} value={draft.endDate} onChange={text('endDate')} data-testid={`${prefix}-end`} />
      </Group>
      <MultiSelect label={t('booklets.items.modules')} data={bookletModules.map((m) => ({ value: m, label: t(`booklets.modules.${m}`) }))} value={draft.modules}
        onChange={(modules) => onChange((d) => ({ ...d, modules }))} data-testid={`${prefix}-modules`} />
    </>
  );
}

/** The training's thesis skills (SPEC §2 /coaching/thesis-skill/new/{training}) and its grid (/coaching/thesis-evaluation-grid/{training}/edit). */
function ThesisSection({ trainingId }: { trainingId: string }) {
  const { t } = useTranslation();
  const page = usePageData(['booklets.thesis', trainingId], () => loadThesisGrid(trainingId));
  const [name, setName] = useState('');
  const [edits, setEdits] = useState<{ maxMark?: number | null; instructions?: string; coefficients: Record<string, number | null> }>({ coefficients: {} });
  // The schema the server runs, before sending: what is out of range is said next to its field, nothing is sent.
  const [errors, setErrors] = useState<Record<string, string>>({});
  const grid = page.data?.grid;
  const act = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      await page.reload();
      if (done) toast.success(done);
    } catch (error) { await errorDialog(errorMessage(error)); }
  };
  if (!grid) return page.error ? <Alert color="red" variant="light" role="alert">{page.error}</Alert> : null;
  const maxMark = edits.maxMark === undefined ? grid.maxMark : edits.maxMark;
  const instructions = edits.instructions ?? grid.instructions;
  const coefficient = (id: string, saved: number) => (id in edits.coefficients ? edits.coefficients[id]! : saved);
  const body = { maxMark, instructions, skills: grid.skills.map((skill) => ({ id: skill.id, coefficient: coefficient(skill.id, skill.coefficient) })) };
  const saveGrid = async () => {
    const found = await validateGrid(body);
    setErrors(found);
    if (Object.keys(found).length) return;
    await act(async () => {
      await saveThesisGrid(trainingId, body as { maxMark: number; instructions: string; skills: { id: string; coefficient: number }[] });
      setEdits({ coefficients: {} });
    }, t('booklets.thesis.saved'));
  };
  return (
    <Card withBorder radius="lg" padding="lg" data-testid="thesis-section">
      <Stack>
        <Title order={2} fz={20}>{t('booklets.thesis.title')}</Title>
        <Text c="dimmed" size="sm">{t('booklets.thesis.intro')}</Text>
        {grid.skills.length ? (
          <Table striped>
            <Table.Thead>
              <Table.Tr><Table.Th>{t('booklets.thesis.skill')}</Table.Th><Table.Th>{t('booklets.thesis.coefficient')}</Table.Th><HiddenHeader /></Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {grid.skills.map((skill, index) => (
                <Table.Tr key={skill.id} data-testid="thesis-skill-row">
                  <Table.Td>{skill.name}</Table.Td>
                  <Table.Td w={160}>
                    <DecimalInput size="xs" aria-label={t('booklets.thesis.coefficient')} value={coefficient(skill.id, skill.coefficient)} error={errors[`skills[${index}].coefficient`]}
                      onChange={(value) => setEdits((e) => ({ ...e, coefficients: { ...e.coefficients, [skill.id]: value } }))} data-testid="thesis-coefficient" />
                  </Table.Td>
                  <Table.Td w={40}>
                    <ActionIcon variant="subtle" color="red" aria-label={t('booklets.thesis.delete')} onClick={() => void confirm({
                      title: t('booklets.thesis.deleteTitle'), message: t('booklets.thesis.deleteConfirm', { name: skill.name }),
                      confirmLabel: t('booklets.thesis.delete'), color: 'red',
                    }).then((ok) => { if (ok) void act(() => deleteThesisSkill(skill.id), t('booklets.thesis.deleted')); })} data-testid="thesis-skill-delete">×</ActionIcon>
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        ) : <Text c="dimmed">{t('booklets.thesis.none')}</Text>}
        <Group align="flex-end">
          <TextInput label={t('booklets.thesis.newSkill')} value={name} onChange={(e) => setName(e.currentTarget.value)} data-testid="thesis-skill-name" style={{ flex: 1 }} />
          <Button variant="light" data-testid="thesis-skill-add" onClick={() => act(async () => { await addThesisSkill(trainingId, name); setName(''); })}>{t('booklets.thesis.add')}</Button>
        </Group>
        <DecimalInput w={200} label={t('booklets.thesis.maxMark')} integer value={maxMark} error={errors.maxMark}
          onChange={(value) => setEdits((e) => ({ ...e, maxMark: value }))} data-testid="thesis-max-mark" />
        <Textarea label={t('booklets.thesis.instructions')} autosize minRows={2} value={instructions}
          onChange={(e) => { const value = e.currentTarget.value; setEdits((d) => ({ ...d, instructions: value })); }} data-testid="thesis-instructions" />
        <Button w="fit-content" data-testid="thesis-grid-save" onClick={() => void saveGrid()}>{t('booklets.thesis.save')}</Button>
      </Stack>
    </Card>
  );
}

/**
 * Staff: a training's booklet items — list, add, edit, reorder (SPEC §2 /coaching/booklet-item/{id}/position/{position}),
 * delete — and its thesis skills and evaluation grid.
 */
export function BookletItemsPage() {
  const { t } = useTranslation();
  const { id } = usePageParams('booklets.items');
  const page = usePageData(['booklets.items', id], () => loadItems(id));
  const [draft, setDraft] = useState<Draft>(emptyDraft);
  const [editing, setEditing] = useState<{ id: string; draft: Draft } | null>(null);
  const act = async (action: () => Promise<unknown>, done?: string) => {
    try {
      await action();
      await page.reload();
      if (done) toast.success(done);
    } catch (error) { await errorDialog(errorMessage(error)); }
  };
  const add = () => act(async () => {
    await createItem(id, bodyOf(draft));
    setDraft(emptyDraft);
  });
  const saveEdit = () => editing && act(async () => {
    await updateItem(editing.id, bodyOf(editing.draft));
    setEditing(null);
  }, t('booklets.items.saved'));
  const items = page.data?.items ?? [];
  return (
    <Stack gap="lg" data-testid="booklet-items-page">
      <PageTitle title={t('booklets.items.title')} intro={t('booklets.items.intro')}
        back={<PageLink page="trainings.plan" params={{ id }}><Text size="sm">← {t('booklets.links.plan')}</Text></PageLink>} />
      {page.error && <Alert color="red" variant="light" role="alert">{page.error}</Alert>}
      <Card withBorder radius="lg" padding="lg">
        {items.length ? (
          <Table striped>
            <Table.Tbody>
              {items.map((item, index) => (
                <Table.Tr key={item.id} data-testid="booklet-item-row">
                  <Table.Td>{item.position}</Table.Td>
                  <Table.Td>{item.title}</Table.Td>
                  <Table.Td>{item.date ? formatDate(item.date) : formatDateRange(item.startDate, item.endDate)}</Table.Td>
                  <Table.Td>{item.modules.map((m) => t(`booklets.modules.${m}`)).join(', ')}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <ActionIcon variant="subtle" disabled={index === 0} aria-label={t('booklets.items.up')} onClick={() => act(() => moveItem(item.id, item.position - 1))}>↑</ActionIcon>
                      <ActionIcon variant="subtle" disabled={index === items.length - 1} aria-label={t('booklets.items.down')} onClick={() => act(() => moveItem(item.id, item.position + 1))}>↓</ActionIcon>
                      <ActionIcon variant="subtle" aria-label={t('booklets.items.edit')} data-testid="booklet-item-edit" onClick={() => setEditing({ id: item.id, draft: draftOf(item) })}>✎</ActionIcon>
                      <ActionIcon variant="subtle" color="red" aria-label={t('booklets.items.delete')} onClick={() => void confirm({
                        title: t('booklets.items.deleteTitle'), message: t('booklets.items.deleteConfirm', { title: item.title }),
                        confirmLabel: t('booklets.items.delete'), color: 'red',
                      }).then((ok) => { if (ok) void act(() => deleteItem(item.id), t('booklets.items.deleted')); })} data-testid="booklet-item-delete">×</ActionIcon>
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
          <ItemFields draft={draft} onChange={(next) => setDraft(next)} prefix="item-new" />
          <Button w="fit-content" onClick={add}>{t('booklets.items.add')}</Button>
        </Stack>
      </Card>
      <ThesisSection trainingId={id} />
      <Modal opened={!!editing} onClose={() => setEditing(null)} title={t('booklets.items.editTitle')} size="lg">
        {editing && (
          <Stack data-testid="booklet-item-dialog">
            <ItemFields draft={editing.draft} onChange={(next) => setEditing((e) => (e ? { ...e, draft: next(e.draft) } : e))} prefix="item-edit" />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => setEditing(null)}>{t('booklets.items.cancel')}</Button>
              <Button onClick={saveEdit} data-testid="booklet-item-save">{t('booklets.items.save')}</Button>
            </Group>
          </Stack>
        )}
      </Modal>
    </Stack>
  );
}
