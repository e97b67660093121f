import { useEffect, useState } from 'react';
import { Alert, Button, Group, List, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormValuesInput } from '@alterna/booklets/validation';

/**
 * What a holder typed on a booklet form, kept in the browser until it is saved or dropped: a forced unlock, a reload
 * or a refused save no longer loses it (issue #24). One draft per form and person.
 */
const keyOf = (formId: string, personId: string) => `alterna.booklet-draft:${formId}:${personId}`;
const same = (a: FormValuesInput, b: FormValuesInput) => JSON.stringify(a) === JSON.stringify(b);

export function readDraft(formId: string, personId: string): FormValuesInput | null {
  try {
    const text = window.localStorage.getItem(keyOf(formId, personId));
    return text ? (JSON.parse(text) as FormValuesInput) : null;
  } catch {
    return null;
  }
}

export function writeDraft(formId: string, personId: string, values: FormValuesInput | null): void {
  try {
    if (values) window.localStorage.setItem(keyOf(formId, personId), JSON.stringify(values));
    else window.localStorage.removeItem(keyOf(formId, personId));
  } catch {
    // A full or forbidden storage only loses the safety net.
  }
}

/** The kept text beside the reloaded form, to copy back (or put back whole while editing), or to drop. */
export function FormDraft({ formId, personId, saved, editing, onRestore }: {
  formId: string; personId: string; saved: FormValuesInput; editing: boolean; onRestore: (values: FormValuesInput) => void;
}) {
  const { t, i18n } = useTranslation();
  const [draft, setDraft] = useState(() => readDraft(formId, personId));
  // A draft equal to what the server has is nothing to keep.
  useEffect(() => {
    if (draft && same(draft, saved)) {
      writeDraft(formId, personId, null);
      setDraft(null);
    }
  }, [draft, saved, formId, personId]);
  if (!draft || same(draft, saved)) return null;
  const number = new Intl.NumberFormat(i18n.language === 'en' ? 'en-GB' : 'fr-FR', { maximumFractionDigits: 2 });
  const drop = () => {
    writeDraft(formId, personId, null);
    setDraft(null);
  };
  const marks = draft.skillMarks.filter((s) => (s.mark !== null && s.mark !== undefined) || s.comment);
  return (
    <Alert color="orange" variant="light" title={t('booklets.draft.title')} data-testid="form-draft">
      <Stack gap="xs">
        <Text size="sm">{t(editing ? 'booklets.draft.introEditing' : 'booklets.draft.intro')}</Text>
        {draft.tasks.some(Boolean) && (
          <div>
            <Text size="sm" fw={600}>{t('booklets.form.tasks')}</Text>
            <List size="sm">{draft.tasks.filter(Boolean).map((task, i) => <List.Item key={i} data-testid="draft-task">{task}</List.Item>)}</List>
          </div>
        )}
        {marks.length > 0 && (
          <div>
            <Text size="sm" fw={600}>{t('booklets.form.skills')}</Text>
            <List size="sm">
              {marks.map((s, i) => (
                <List.Item key={i}>{s.skill} – {typeof s.mark === 'number' && Number.isFinite(s.mark) ? number.format(s.mark) : '—'}{s.comment ? ` (${s.comment})` : ''}</List.Item>
              ))}
            </List>
          </div>
        )}
        {draft.note && (
          <div>
            <Text size="sm" fw={600}>{t('booklets.form.note')}</Text>
            <Text size="sm" style={{ whiteSpace: 'pre-wrap', userSelect: 'text' }} data-testid="draft-note">{draft.note}</Text>
          </div>
        )}
        <Group gap="xs">
          {editing && <Button size="xs" onClick={() => { onRestore(draft); setDraft(null); }} data-testid="draft-restore">{t('booklets.draft.restore')}</Button>}
          <Button size="xs" variant="default" onClick={drop} data-testid="draft-drop">{t('booklets.draft.drop')}</Button>
        </Group>
      </Stack>
    </Alert>
  );
}
