import { Alert, Group, Input, Radio, SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea } from '@mantine/core';
import { getIn } from 'formik';
import { useTranslation } from 'react-i18next';
import { DecimalInput } from '../../../shared/DecimalInput';
import type { ServerFormApi } from '../../../shared/form';
import type { PlanningOptions } from '../shared/api';
import { cancellationData, lessonTypeData, remoteData } from '../shared/labels';
import { GroupsSelect, RoomsSelect, SubjectSelect, TeachersSelect } from '../shared/Selects';
import { editActions, moveUnits, type MassEditValues } from './massEdit';
import { wizardError } from './wizard';

/** Step 2: what to do with the selection: edit values, move, cancel or delete. */
export function ActionStep({ form, options, tried, count }: { form: ServerFormApi<MassEditValues>; options: PlanningOptions; tried: boolean; count: number }) {
  const { t } = useTranslation();
  const values = form.formik.values;
  const error = (path: string) => wizardError(form, path, tried);
  const set = (path: string, value: unknown) => {
    void form.formik.setFieldValue(path, value);
    form.clearFieldError(path);
    if (path.startsWith('edit.')) form.clearFieldError('edit');
  };
  const multi = (name: 'planningGroups' | 'rooms' | 'teachers') => ({
    id: `edit.${name}`,
    name: `edit.${name}`,
    value: values.edit[name],
    onChange: (value: string[]) => set(`edit.${name}`, value),
    error: error(`edit.${name}`),
  });
  const single = (path: string) => ({
    id: path,
    name: path,
    value: (getIn(values, path) as string | null) ?? null,
    onChange: (value: string | null) => set(path, value),
    error: error(path),
  });
  return (
    <Stack gap="md" data-testid="step-action">
      <Text size="sm" c="dimmed">
        {t('planning.bulk.edit.selectedCount', { count, total: count })}
      </Text>
      <Radio.Group id="action" name="action" label={t('planning.bulk.edit.action')} value={values.action} onChange={(value) => set('action', value)} error={error('action')}>
        <Group gap="lg" mt={6}>
          {editActions.map((action) => (
            <Radio key={action} value={action} label={t(`planning.bulk.edit.actions.${action}`)} data-testid={`action-${action}`} />
          ))}
        </Group>
      </Radio.Group>

      {values.action === 'edit' && (
        <Stack gap="sm" data-testid="action-edit-fields">
          <Text size="sm" c="dimmed">
            {t('planning.bulk.edit.editHint')}
          </Text>
          <input type="hidden" id="edit" name="edit" />
          {error('edit') && (
            <Alert color="red" variant="light" data-testid="edit-error">
              {error('edit')}
            </Alert>
          )}
          <GroupsSelect label={t('planning.calendar.fields.planningGroups')} placeholder={t('planning.bulk.edit.unchanged')} groups={options.groups} {...multi('planningGroups')} testId="edit-groups" />
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <TeachersSelect label={t('planning.calendar.fields.teachers')} placeholder={t('planning.bulk.edit.unchanged')} teachers={options.teachers} {...multi('teachers')} testId="edit-teachers" />
            <RoomsSelect label={t('planning.calendar.fields.rooms')} placeholder={t('planning.bulk.edit.unchanged')} rooms={options.rooms} {...multi('rooms')} testId="edit-rooms" />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <SubjectSelect label={t('planning.calendar.fields.schoolSubject')} placeholder={t('planning.bulk.edit.unchanged')} subjects={options.subjects} {...single('edit.schoolSubject')} testId="edit-subject" />
            <Select label={t('planning.calendar.fields.lessonType')} placeholder={t('planning.bulk.edit.unchanged')} data={lessonTypeData(t)} clearable {...single('edit.lessonType')} data-testid="edit-type" />
            <Select label={t('planning.calendar.fields.remote')} placeholder={t('planning.bulk.edit.unchanged')} data={remoteData(t)} clearable {...single('edit.remote')} data-testid="edit-remote" />
          </SimpleGrid>
        </Stack>
      )}

      {values.action === 'move' && (
        <Group gap="sm" align="flex-start" data-testid="action-move-fields">
          <DecimalInput
            id="move.delay"
            name="move.delay"
            label={t('planning.bulk.edit.delay')}
            integer
            value={values.move.delay === null ? null : Number(values.move.delay)}
            onChange={(value) => set('move.delay', value)}
            error={error('move.delay')}
            w={140}
            data-testid="move-delay"
          />
          <Select
            id="move.unit"
            label={t('planning.bulk.edit.unit')}
            data={moveUnits.map((unit) => ({ value: unit, label: t(`planning.bulk.edit.units.${unit}`) }))}
            value={values.move.unit}
            onChange={(value) => set('move.unit', value ?? 'days')}
            allowDeselect={false}
            error={error('move.unit')}
            w={180}
            data-testid="move-unit"
          />
          <Input.Wrapper label={t('planning.bulk.edit.direction')}>
            <SegmentedControl
              value={values.move.direction}
              onChange={(value) => set('move.direction', value)}
              data={[
                { value: 'later', label: t('planning.bulk.edit.later') },
                { value: 'earlier', label: t('planning.bulk.edit.earlier') },
              ]}
              data-testid="move-direction"
              display="flex"
            />
          </Input.Wrapper>
        </Group>
      )}

      {values.action === 'cancel' && (
        <Stack gap="sm" data-testid="action-cancel-fields">
          <Select
            label={t('planning.calendar.fields.cancellationType')}
            data={cancellationData(t)}
            withAsterisk
            {...single('cancel.cancellationType')}
            onChange={(value) => set('cancel.cancellationType', value ?? '')}
            data-testid="cancel-reason"
          />
          <Textarea
            id="cancel.comment"
            name="cancel.comment"
            label={t('planning.bulk.edit.comment')}
            withAsterisk
            autosize
            minRows={2}
            value={values.cancel.comment}
            onChange={(event) => set('cancel.comment', event.currentTarget.value)}
            error={error('cancel.comment')}
            data-testid="cancel-comment"
          />
        </Stack>
      )}

      {values.action === 'delete' && (
        <Alert color="red" variant="light" data-testid="action-delete-info">
          {t('planning.bulk.edit.deleteHint', { count })}
        </Alert>
      )}
    </Stack>
  );
}
