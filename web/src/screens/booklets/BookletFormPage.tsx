import { useEffect, useRef, useState } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Grid, Group, Stack, Text, TextInput, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { averageMark, formValuesSchema, hasSkillMarks, hasTasks, lockPollMs, type FormValuesInput } from '@alterna/booklets/validation';
import { fullName, useMe } from '../../session';
import { DecimalInput } from '../../shared/DecimalInput';
import { confirm, errorDialog } from '../../shared/dialogs';
import { yupValidator } from '../../shared/form';
import { errorMessage, ViolationError } from '../../shared/http';
import { PageTitle } from '../../shared/PageTitle';
import { HistoryButton } from '../../shared/HistoryPanel';
import { usePageData } from '../../shared/queries';
import { toast } from '../../shared/toast';
import { checkLock, loadForm, releaseLock, saveForm, setLock, type BookletForm } from './api';
import { FormDraft, writeDraft } from './FormDraft';
import { ValidationPanel } from './ValidationPanel';
import { usePageParams } from '../../page-params';
import { formatDateTime, formatNumber, typography } from '../../shared/format';
import { itemTitle } from './item-title';

/**
 * A booklet form (SPEC §4 evaluation form lock, §7 form locking): read mode; edit mode once the lock is taken (the
 * button becomes cancel); others see who holds it and since when and may force it open. The lock is polled every 5 s
 * and the page reloads when the data or the lock's owner changed.
 */
export function BookletFormPage() {
  const { id } = usePageParams('booklets.staffForm', 'booklets.coachForm', 'booklets.tutorForm', 'booklets.corporationForm', 'booklets.studentForm');
  const page = usePageData(['booklets.form', id], () => loadForm(id), { keepPrevious: false });
  if (page.error) return <Alert color="red" variant="light" role="alert">{page.error}</Alert>;
  return page.data ? <FormView key={`${page.data.form.id}:${page.data.form.version}`} form={page.data.form} /> : null;
}

const reload = () => window.location.reload();
/** The schema the server runs on a save, here before sending: a mark out of 0–20 is refused next to its field. */
const validateValues = yupValidator<FormValuesInput>(formValuesSchema);
const markPath = (index: number) => `skillMarks[${index}].mark`;

function FormView({ form }: { form: BookletForm }) {
  const { t } = useTranslation();
  const me = useMe();
  const staff = me?.space === 'staff';
  const [editing, setEditing] = useState(form.lock.mine);
  const saved = useRef<FormValuesInput>({ tasks: form.values.tasks, skillMarks: form.values.skillMarks, note: form.values.note }).current;
  const [values, setValues] = useState<FormValuesInput>(saved);
  // What the holder types is kept in the browser until saved: a forced unlock or a reload shows it again beside the form.
  const keep = (draft: FormValuesInput | null) => { if (me) writeDraft(form.id, me.id, draft); };
  useEffect(() => {
    if (editing && me && values !== saved) writeDraft(form.id, me.id, values);
  }, [editing, me, values, saved, form.id]);
  const [busy, setBusy] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  // A mark's error shows once the person left the field, or tried to save.
  const [visited, setVisited] = useState<Set<string>>(() => new Set());
  const [tried, setTried] = useState(false);
  useEffect(() => {
    let current = true;
    void validateValues(values).then((found) => { if (current) setErrors(found); });
    return () => { current = false; };
  }, [values]);
  const markError = (index: number) => (tried || visited.has(markPath(index)) ? errors[markPath(index)] : undefined);
  const known = useRef({ edit: form.lock.lastEditTimestamp, holder: form.lock.userLogin });
  const [lock, setLockState] = useState(form.lock);
  // The average the language's way (14,08 in French), as the marks are.
  // No mark yet: no average ("—", not 0,00).
  const averageText = (skillMarks: FormValuesInput['skillMarks']) => (skillMarks.some((s) => typeof s.mark === 'number' && Number.isFinite(s.mark))
    ? formatNumber(averageMark(skillMarks), { minimumFractionDigits: 2 })
    : '—');
  const at = (iso: string) => formatDateTime(iso);

  useEffect(() => {
    const timer = window.setInterval(() => {
      void checkLock(form.id).then((state) => {
        // Someone saved, or the lock changed hands: what is on screen is no longer the truth.
        if (state.lastEditTimestamp !== known.current.edit || state.userLogin !== known.current.holder) reload();
      }).catch(() => undefined);
    }, lockPollMs);
    return () => window.clearInterval(timer);
  }, [form.id]);

  const lockedByOther = Boolean(lock.userLogin) && !lock.mine;
  const run = async (action: () => Promise<void>) => {
    setBusy(true);
    try { await action(); } finally { setBusy(false); }
  };
  const take = () => run(async () => {
    try {
      const state = await setLock(form.id);
      known.current.holder = state.userLogin;
      setLockState(state);
      setEditing(true);
    } catch (error) {
      await errorDialog(errorMessage(error));
      reload();
    }
  });
  const cancel = () => run(async () => {
    keep(null);
    await releaseLock(form.id).catch(() => undefined);
    reload();
  });
  const unlock = () => run(async () => {
    const ok = await confirm({ message: t('booklets.form.unlockConfirm', { name: lock.userFullName }), confirmLabel: t('booklets.form.unlock'), color: 'red' });
    if (!ok) return;
    try {
      await releaseLock(form.id, true);
      reload();
    } catch (error) {
      // The server says why (who may unlock); the SPEC's words only when it said nothing.
      await errorDialog(error instanceof ViolationError ? error.message : t('booklets.form.unlockFailed'));
    }
  });
  const save = (action: 'save' | 'save_and_quit') => run(async () => {
    const found = await validateValues(values);
    if (Object.keys(found).length) {
      setErrors(found);
      setTried(true);
      // A mark's message is next to its field; any other is said in the dialog.
      const others = Object.entries(found).filter(([path]) => !/^skillMarks\[\d+\]\.mark$/.test(path)).map(([, message]) => message);
      if (others.length) await errorDialog(others.join(' '), t('booklets.form.validationError'));
      return;
    }
    try {
      const result = await saveForm(form.id, action, form.version, values);
      keep(null);
      toast.success(t('booklets.form.saved'));
      known.current.edit = result.updatedValues.updatedAt;
      if (action === 'save_and_quit') known.current.holder = null;
      reload();
    } catch (error) {
      const formLevel = error instanceof ViolationError && error.status === 422 && !error.violations.some((v) => v.path);
      // Reloaded after a form-level refusal (the lock lost, the form changed): the typed text stays beside the form.
      const message = formLevel ? <>{error.message}<br />{t('booklets.draft.kept')}</> : error instanceof ViolationError ? error.message : null;
      if (error instanceof ViolationError && error.status === 422) await errorDialog(message, t('booklets.form.validationError'));
      else await errorDialog(t('booklets.form.saveFailed'), t('booklets.form.inputError'));
      if (formLevel) reload();
    }
  });

  const readOnly = !editing;
  const modules = form.item.modules;
  return (
    <Stack gap="lg" maw={960} data-testid="booklet-form-page">
      <Group justify="space-between" align="flex-end">
        <PageTitle
          title={itemTitle(form.item.title, t)}
          intro={`${fullName(form.registration.student)} · ${form.registration.trainingGroup.name} · ${form.item.modules.map((m) => t(`booklets.modules.${m}`)).join(', ')}`}
        />
        <HistoryButton kind="booklet-form" id={form.id} />
      </Group>
      {form.validatedAt && <Alert color="teal" variant="light">{t('booklets.form.validated')}</Alert>}
      {lockedByOther && (
        <Alert color="blue" variant="light" data-testid="lock-banner" title={t('booklets.form.lockedTitle')}>
          <Group justify="space-between">
            <Text size="sm">{t('booklets.form.lockedBy', { name: lock.userFullName, login: lock.userLogin, at: at(lock.timestamp!) })}</Text>
            {form.canUnlock && <Button size="xs" color="red" variant="light" onClick={unlock} loading={busy} data-testid="force-unlock">{t('booklets.form.unlock')}</Button>}
          </Group>
        </Alert>
      )}
      {me && <FormDraft formId={form.id} personId={me.id} saved={saved} editing={editing} onRestore={setValues} />}
      <Card withBorder radius="lg" padding="lg">
        <Stack>
          {hasTasks(modules) && (
            <Stack gap="xs">
              <Text fw={600}>{t('booklets.form.tasks')}</Text>
              {values.tasks.map((task, index) => (
                <Group key={index} wrap="nowrap">
                  <TextInput style={{ flex: 1 }} value={task} readOnly={readOnly} aria-label={t('booklets.form.task')} data-testid="task-input"
                    onChange={(e) => { const text = e.currentTarget.value; setValues((v) => ({ ...v, tasks: v.tasks.map((x, i) => (i === index ? text : x)) })); }} />
                  {!readOnly && <ActionIcon variant="subtle" color="red" aria-label={t('booklets.form.removeTask')} onClick={() => setValues((v) => ({ ...v, tasks: v.tasks.filter((_, i) => i !== index) }))}>×</ActionIcon>}
                </Group>
              ))}
              {!values.tasks.length && <Text size="sm" c="dimmed">{t('booklets.form.noTask')}</Text>}
              {!readOnly && <Button variant="light" size="xs" w="fit-content" onClick={() => setValues((v) => ({ ...v, tasks: [...v.tasks, ''] }))} data-testid="add-task">{t('booklets.form.addTask')}</Button>}
            </Stack>
          )}
          {hasSkillMarks(modules) && (
            <Stack gap="xs">
              <Group justify="space-between">
                <Text fw={600}>{t('booklets.form.skills')}</Text>
                <Badge size="lg" variant="light" data-testid="average-mark">{typography(`${t('booklets.form.average')}: ${averageText(values.skillMarks)}`)}</Badge>
              </Group>
              {/* A skill per line: name, mark and comment side by side on a desktop; the name above the two on a phone. */}
              <Stack gap={0}>
                {values.skillMarks.map((skill, index) => (
                  <Grid key={index} gap="xs" align="center" py={6} data-testid="skill-line"
                    style={{ borderBottom: index < values.skillMarks.length - 1 ? '1px solid var(--mantine-color-default-border)' : undefined }}>
                    <Grid.Col span={{ base: 12, sm: 4 }}><Text size="sm">{skill.skill}</Text></Grid.Col>
                    <Grid.Col span={{ base: 4, sm: 2 }} style={{ alignSelf: 'flex-start' }}>
                      <DecimalInput value={skill.mark} readOnly={readOnly} aria-label={t('booklets.form.markOf', { skill: skill.skill })} data-testid="skill-mark" error={markError(index)}
                        onBlur={() => setVisited((seen) => new Set(seen).add(markPath(index)))}
                        onChange={(mark) => setValues((v) => ({ ...v, skillMarks: v.skillMarks.map((s, i) => (i === index ? { ...s, mark } : s)) }))} />
                    </Grid.Col>
                    <Grid.Col span={{ base: 8, sm: 'auto' }} style={{ alignSelf: 'flex-start' }}>
                      <TextInput value={skill.comment} readOnly={readOnly} aria-label={t('booklets.form.commentOf', { skill: skill.skill })} placeholder={t('booklets.form.comment')}
                        onChange={(e) => { const comment = e.currentTarget.value; setValues((v) => ({ ...v, skillMarks: v.skillMarks.map((s, i) => (i === index ? { ...s, comment } : s)) })); }} />
                    </Grid.Col>
                  </Grid>
                ))}
              </Stack>
            </Stack>
          )}
          <Textarea label={t('booklets.form.note')} autosize minRows={4} value={values.note} readOnly={readOnly} data-testid="note-input"
            onChange={(e) => { const note = e.currentTarget.value; setValues((v) => ({ ...v, note })); }} />
          <Group justify="space-between">
            <Text size="xs" c="dimmed">{t('booklets.form.updatedAt', { at: at(form.values.updatedAt) })}</Text>
            {form.canEdit && !lockedByOther && (
              <Group>
                {editing ? (
                  <>
                    <Button variant="default" onClick={cancel} loading={busy} data-testid="cancel-edit">{t('booklets.form.cancel')}</Button>
                    <Button variant="light" onClick={() => save('save')} loading={busy} data-testid="save">{t('booklets.form.save')}</Button>
                    <Button onClick={() => save('save_and_quit')} loading={busy} data-testid="save-and-quit">{t('booklets.form.saveAndQuit')}</Button>
                  </>
                ) : (
                  <Button onClick={take} loading={busy} data-testid="edit">{t('booklets.form.edit')}</Button>
                )}
              </Group>
            )}
          </Group>
        </Stack>
      </Card>
      <ValidationPanel formId={form.id} staff={staff} editing={editing} />
    </Stack>
  );
}
