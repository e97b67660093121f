import { useState } from 'react';
import { Alert, Badge, Button, Divider, Group, Modal, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { confirm } from '../../../shared/dialogs';
import { ServerForm, useServerForm } from '../../../shared/form';
import { errorMessage } from '../../../shared/http';
import { toast } from '../../../shared/toast';
import type { PlanningOptions } from '../shared/api';
import { refusalOf, type FreeSlot } from '../shared/conflicts';
import { cancellationData, lessonTypeData, remoteData } from '../shared/labels';
import { CampusSelect, GroupsSelect, RoomsSelect, SubjectSelect, TeachersSelect } from '../shared/Selects';
import { formatSlot, toParisInput } from '../shared/time';
import { optionsOfCampuses } from '../shared/usePlanningOptions';
import { createLesson, deleteLesson, updateLesson, type LessonEvent } from './api';
import { CancelLessonForm } from './CancelLessonForm';
import { emptyLesson, lessonInput, lessonSchema, lessonValues, type LessonFormValues } from './lessonForm';
import { DateTimeField } from '../../../shared/DateFields';
import { HistoryButton } from '../../../shared/HistoryPanel';
import { lessonValueLabel } from './lessonHistory';

export type LessonDialogState =
  | { mode: 'create'; campus: string; start: string; end: string }
  | { mode: 'edit'; lesson: LessonEvent };

interface LessonDialogProps {
  state: LessonDialogState;
  options: PlanningOptions;
  canEdit: boolean;
  /** The campus of the calendar the planner is on (kept by the delete route). */
  calendarId: string;
  onClose: () => void;
  /** After a save; `cancelledId` when the lesson was cancelled (the page keeps showing it, greyed). */
  onSaved: (change?: { cancelledId?: string }) => void;
}

/** Creates a lesson on a selected range, or shows one with its actions: save, cancel, lock / unlock, delete. */
export function LessonDialog({ state, options, canEdit, calendarId, onClose, onSaved }: LessonDialogProps) {
  const { t, i18n } = useTranslation();
  const lesson = state.mode === 'edit' ? state.lesson : null;
  const status = lesson?.lessonStatus ?? 'active';
  const readOnly = !canEdit || status !== 'active';
  const [cancelling, setCancelling] = useState(false);
  const [busy, setBusy] = useState(false);
  const [suggestions, setSuggestions] = useState<FreeSlot[]>([]);

  const form = useServerForm<LessonFormValues, LessonEvent | null>({
    initialValues: lesson ? lessonValues(lesson) : emptyLesson(state.mode === 'create' ? state.campus : '', state.mode === 'create' ? state.start : '', state.mode === 'create' ? state.end : ''),
    validationSchema: lessonSchema,
    action: async (values) => {
      setSuggestions([]);
      try {
        if (!lesson) return await createLesson(lessonInput(values));
        const { campus: _campus, ...input } = lessonInput(values);
        return await updateLesson(lesson.uuid, input);
      } catch (error) {
        setSuggestions(refusalOf(error).suggestions);
        throw error;
      }
    },
    onSuccess: () => {
      toast.success(t(lesson ? 'planning.calendar.saved' : 'planning.calendar.created'));
      onSaved();
    },
  });
  const values = form.formik.values;
  const scoped = optionsOfCampuses(options, values.campus ? [values.campus] : []);
  const set = (name: keyof LessonFormValues, value: unknown) => {
    void form.formik.setFieldValue(name, value);
    form.clearFieldError(name);
  };
  const multi = (name: 'planningGroups' | 'teachers' | 'rooms') => ({
    id: name,
    name,
    value: values[name],
    onChange: (value: string[]) => set(name, value),
    error: form.fieldError(name),
    disabled: readOnly,
  });

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      toast.success(done);
      onSaved();
    } catch (error) {
      const refusal = refusalOf(error);
      toast.error(refusal.messages.join('\n') || errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  const lockToggle = () =>
    lesson &&
    run(
      () => updateLesson(lesson.uuid, { lessonStatus: status === 'locked' ? 'active' : 'locked' }),
      t(status === 'locked' ? 'planning.calendar.unlocked' : 'planning.calendar.locked'),
    );
  const remove = async () => {
    if (!lesson) return;
    const ok = await confirm({
      title: t('planning.calendar.deleteTitle'),
      message: t('planning.calendar.deleteConfirm', { slot: formatSlot(lesson.startDate, lesson.endDate, i18n.language) }),
      confirmLabel: t('planning.calendar.delete'),
      color: 'red',
    });
    if (ok) await run(() => deleteLesson(lesson.uuid, calendarId || lesson.campus.uuid), t('planning.calendar.deleted'));
  };
  const applySuggestion = (slot: FreeSlot) => {
    set('startDate', toParisInput(slot.startAt));
    set('endDate', toParisInput(slot.endAt));
    setSuggestions([]);
  };

  const title = lesson
    ? [t('planning.calendar.editTitle'), lesson.schoolSubject ? `${lesson.schoolSubject.shortName} – ${lesson.schoolSubject.name}` : null].filter(Boolean).join(' · ')
    : t('planning.calendar.newTitle');
  return (
    <Modal
      opened
      onClose={onClose}
      title={<Text fw={700}>{title}</Text>}
      size="xl"
      centered
      closeButtonProps={{ 'aria-label': t('planning.calendar.close') }}
      data-testid="lesson-dialog"
    >
      <Stack gap="md">
        {lesson && (
          <Group gap="xs" data-testid="lesson-state">
            <Badge color={status === 'cancelled' ? 'gray' : status === 'locked' ? 'orange' : 'teal'} variant="light" data-testid="lesson-status">
              {t(`planning.calendar.status.${status}`, { defaultValue: status })}
            </Badge>
            <Text size="sm" c="dimmed">
              {lesson.campus.name} · {formatSlot(lesson.startDate, lesson.endDate, i18n.language)}
            </Text>
            {lesson.attendanceStarted && (
              <Badge color="grape" variant="light">
                {t('planning.calendar.attendanceStarted')}
              </Badge>
            )}
            <HistoryButton kind="lesson" id={lesson.uuid} valueLabel={lessonValueLabel(t, options)} />
          </Group>
        )}
        {lesson && status === 'cancelled' && (
          <Alert color="gray" variant="light" data-testid="lesson-cancellation">
            <Text size="sm" fw={600}>
              {t('planning.calendar.cancelledBecause', {
                reason: cancellationData(t).find((c) => c.value === lesson.lessonCancellationType)?.label ?? lesson.lessonCancellationType ?? '',
              })}
            </Text>
            {lesson.cancelDesc && <Text size="sm">{lesson.cancelDesc}</Text>}
          </Alert>
        )}
        {cancelling && lesson ? (
          <CancelLessonForm lessonId={lesson.uuid} onDone={() => onSaved({ cancelledId: lesson.uuid })} onBack={() => setCancelling(false)} />
        ) : (
          <ServerForm form={form} data-testid="lesson-form">
            {!lesson && (
              <CampusSelect
                id="campus"
                name="campus"
                label={t('planning.calendar.fields.campus')}
                campuses={options.campuses}
                value={values.campus || null}
                onChange={(campus) => {
                  set('campus', campus ?? '');
                  set('planningGroups', []);
                  set('rooms', []);
                  set('teachers', []);
                }}
                error={form.fieldError('campus')}
                required
                clearable={false}
                testId="lesson-campus"
              />
            )}
            <GroupsSelect label={t('planning.calendar.fields.planningGroups')} groups={scoped.groups} {...multi('planningGroups')} testId="lesson-groups" />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <TeachersSelect label={t('planning.calendar.fields.teachers')} teachers={scoped.teachers} {...multi('teachers')} testId="lesson-teachers" />
              <RoomsSelect label={t('planning.calendar.fields.rooms')} rooms={scoped.rooms} {...multi('rooms')} testId="lesson-rooms" />
            </SimpleGrid>
            <SubjectSelect
              id="schoolSubject"
              name="schoolSubject"
              label={t('planning.calendar.fields.schoolSubject')}
              subjects={options.subjects}
              value={values.schoolSubject}
              onChange={(value) => set('schoolSubject', value)}
              error={form.fieldError('schoolSubject')}
              disabled={readOnly}
              testId="lesson-subject"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                id="lessonType"
                name="lessonType"
                label={t('planning.calendar.fields.lessonType')}
                data={lessonTypeData(t)}
                value={values.lessonType}
                onChange={(value) => set('lessonType', value ?? 'course')}
                error={form.fieldError('lessonType')}
                allowDeselect={false}
                disabled={readOnly}
                comboboxProps={{ withinPortal: true }}
                data-testid="lesson-type"
              />
              <Select
                id="remote"
                name="remote"
                label={t('planning.calendar.fields.remote')}
                data={remoteData(t)}
                value={values.remote}
                onChange={(value) => set('remote', value ?? 'present')}
                error={form.fieldError('remote')}
                allowDeselect={false}
                disabled={readOnly}
                comboboxProps={{ withinPortal: true }}
                data-testid="lesson-remote"
              />
              <DateTimeField id="startDate" label={t('planning.calendar.fields.startDate')} required disabled={readOnly} {...form.inputProps('startDate')} data-testid="lesson-start" />
              <DateTimeField id="endDate" label={t('planning.calendar.fields.endDate')} required disabled={readOnly} {...form.inputProps('endDate')} data-testid="lesson-end" />
            </SimpleGrid>
            {suggestions.length > 0 && !readOnly && (
              <Stack gap={4} data-testid="lesson-suggestions">
                <Text size="sm" fw={600}>
                  {t('planning.calendar.conflict.suggestions')}
                </Text>
                <Group gap="xs">
                  {suggestions.map((slot) => (
                    <Button key={slot.startAt} size="compact-sm" variant="light" onClick={() => applySuggestion(slot)} data-testid="conflict-suggestion">
                      {formatSlot(slot.startAt, slot.endAt, i18n.language)}
                    </Button>
                  ))}
                </Group>
              </Stack>
            )}
            <Textarea id="description" label={t('planning.calendar.fields.description')} autosize minRows={2} disabled={readOnly} {...form.inputProps('description')} data-testid="lesson-description" />
            <Divider />
            <Group justify="space-between" gap="sm">
              <Group gap="xs">
                {lesson && canEdit && status !== 'cancelled' && (
                  <Button variant="light" color="orange" onClick={() => void lockToggle()} loading={busy} data-testid="lesson-lock">
                    {t(status === 'locked' ? 'planning.calendar.unlock' : 'planning.calendar.lock')}
                  </Button>
                )}
                {lesson && canEdit && status === 'active' && (
                  <Button variant="light" color="gray" onClick={() => setCancelling(true)} data-testid="lesson-cancel">
                    {t('planning.calendar.cancelLesson')}
                  </Button>
                )}
                {lesson && canEdit && status !== 'locked' && (
                  <Button variant="subtle" color="red" onClick={() => void remove()} loading={busy} data-testid="lesson-delete">
                    {t('planning.calendar.delete')}
                  </Button>
                )}
              </Group>
              <Group gap="xs">
                <Button variant="default" onClick={onClose} data-testid="lesson-close">
                  {t('planning.calendar.close')}
                </Button>
                {!readOnly && (
                  <Button type="submit" loading={form.submitting} data-testid="lesson-save">
                    {t(lesson ? 'planning.calendar.save' : 'planning.calendar.create')}
                  </Button>
                )}
              </Group>
            </Group>
          </ServerForm>
        )}
      </Stack>
    </Modal>
  );
}
