import { useState } from 'react';
import { Alert, Button, Drawer, Group, Stack, Text, Textarea, Title } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { personName } from '../../shared/format';
import { maxAppraisalLength } from '@alterna/marks/validation';
import { errorMessage } from '../../shared/http';
import { toast } from '../../shared/toast';
import { saveAppraisal, type ReportCard } from './api';
import { useMarkFormat } from './ReportCardView';

/**
 * A student's appraisals for the semester (managers): one text per grade scale element and the general one, each
 * saved on its own (an empty text removes it). The server refuses what the actor may not write.
 */
export function AppraisalsDrawer({ card, group, onClose, onSaved }: { card: ReportCard | null; group: string; onClose: () => void; onSaved: () => Promise<void> }) {
  const { t } = useTranslation();
  return (
    <Drawer opened={!!card} onClose={onClose} position="right" size="lg" title={card ? personName(card.student) : ''}>
      {card && <Appraisals key={`${card.student.id}:${card.semester}`} card={card} group={group} onSaved={onSaved} t={t} />}
    </Drawer>
  );
}

function Appraisals({ card, group, onSaved, t }: { card: ReportCard; group: string; onSaved: () => Promise<void>; t: (key: string, values?: Record<string, unknown>) => string }) {
  const format = useMarkFormat();
  const [texts, setTexts] = useState<Record<string, string>>(() => ({
    general: card.appraisal ?? '',
    ...Object.fromEntries(card.subjects.map((s) => [s.elementId, s.appraisal ?? ''])),
  }));
  const [saving, setSaving] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const save = async (key: string) => {
    setSaving(key);
    setError(null);
    try {
      await saveAppraisal({ trainingGroupId: group, studentId: card.student.id, semester: card.semester, gradeScaleElementId: key === 'general' ? null : key, text: texts[key] ?? '' });
      toast.success(t('marks.appraisals.saved'));
      await onSaved();
    } catch (e) {
      setError(errorMessage(e));
    } finally {
      setSaving(null);
    }
  };
  const field = (key: string, label: string) => (
    <Stack gap={4} key={key} data-testid="appraisal" data-key={key}>
      <Textarea label={label} autosize minRows={2} maxLength={maxAppraisalLength} value={texts[key] ?? ''} onChange={(e) => setTexts({ ...texts, [key]: e.currentTarget.value })} data-testid="appraisal-text" />
      <Group justify="flex-end">
        <Button size="xs" variant="light" loading={saving === key} onClick={() => void save(key)} data-testid="appraisal-save">{t('marks.appraisals.save')}</Button>
      </Group>
    </Stack>
  );
  return (
    <Stack gap="md" data-testid="appraisals-drawer">
      <Title order={4}>{t('marks.reportCards.semesterTitle', { semester: card.semester })} · {t('marks.reportCards.general', { average: format.mark(card.general) })}</Title>
      {error && <Alert color="red" variant="light" role="alert">{error}</Alert>}
      {card.subjects.map((s) => field(s.elementId, `${s.name} (${format.mark(s.average)})`))}
      <Text size="xs" c="dimmed">{t('marks.appraisals.generalHelp')}</Text>
      {field('general', t('marks.reportCards.generalAppraisal'))}
    </Stack>
  );
}
