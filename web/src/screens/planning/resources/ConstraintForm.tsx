import { Button, Group, Switch, Text, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MIN_WHOLE_PERIOD_DAYS, trainerConstraintEditSchema, trainerConstraintSchema } from '@alterna/planning/validation';
import { ServerForm, useServerForm } from '../../../shared/form';
import { toast } from '../../../shared/toast';
import { postForm, resourceRoutes, type TrainerConstraint } from './api';
import { DateField, TimeField } from '../../../shared/DateFields';

interface Values {
  teacher: string;
  allDay: boolean;
  startDate: string;
  endDate: string;
  startTime: string;
  endTime: string;
  description: string;
}

/** A trainer constraint: the whole period (days, two at least) or one day between two times; the rules beside the fields. */
export function ConstraintForm({ teacherId, constraint, onSaved, onCancel }: { teacherId: string; constraint: TrainerConstraint | null; onSaved: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const form = useServerForm<Values, { message: string }>({
    initialValues: {
      teacher: teacherId,
      allDay: constraint?.allDay ?? false,
      startDate: constraint?.startDate ?? '',
      endDate: constraint?.allDay ? constraint.endDate : '',
      startTime: constraint && !constraint.allDay ? constraint.startTime : '08:00',
      endTime: constraint && !constraint.allDay ? constraint.endTime : '12:00',
      description: constraint?.description ?? '',
    },
    validationSchema: constraint ? trainerConstraintEditSchema : trainerConstraintSchema,
    action: (values) => {
      const body = {
        ...(constraint ? {} : { teacher: values.teacher }),
        allDay: values.allDay,
        startDate: values.startDate,
        endDate: values.allDay ? values.endDate : null,
        startTime: values.allDay ? null : values.startTime,
        endTime: values.allDay ? null : values.endTime,
        description: values.description.trim() || null,
      };
      return postForm(constraint ? resourceRoutes.constraintEdit(constraint.id) : resourceRoutes.constraints(), body);
    },
    onSuccess: (data, _values, helpers) => {
      toast.success(data.message);
      if (!constraint) helpers.resetForm();
      onSaved();
    },
  });
  const allDay = form.formik.values.allDay;

  return (
    <ServerForm form={form} data-testid="constraint-form">
      <Switch
        id="allDay"
        label={t('planning.resources.constraint.allDay')}
        description={t('planning.resources.constraint.allDayRule', { min: MIN_WHOLE_PERIOD_DAYS })}
        checked={allDay}
        onChange={(event) => {
          void form.formik.setFieldValue('allDay', event.currentTarget.checked);
          form.clearServerErrors();
        }}
        data-testid="constraint-all-day"
      />
      {allDay ? (
        <Group grow align="flex-start">
          <DateField id="startDate" label={t('planning.resources.constraint.firstDay')} required {...form.inputProps('startDate')} />
          <DateField
            id="endDate" 
            label={t('planning.resources.constraint.lastDay')}
            description={t('planning.resources.constraint.lastDayRule', { min: MIN_WHOLE_PERIOD_DAYS })}
            required
            {...form.inputProps('endDate')}
          />
        </Group>
      ) : (
        <Group grow align="flex-start">
          <DateField id="startDate" label={t('planning.resources.constraint.day')} required {...form.inputProps('startDate')} />
          <TimeField id="startTime" label={t('planning.resources.constraint.startTime')} required {...form.inputProps('startTime')} />
          <TimeField id="endTime" label={t('planning.resources.constraint.endTime')} required {...form.inputProps('endTime')} />
        </Group>
      )}
      <Text size="xs" c="dimmed">
        {t('planning.resources.constraint.courseRule')}
      </Text>
      <Textarea id="description" label={t('planning.resources.constraint.description')} autosize minRows={2} {...form.inputProps('description')} />
      <Group justify="flex-end" gap="sm">
        {constraint && (
          <Button variant="default" onClick={onCancel}>
            {t('dialog.cancel')}
          </Button>
        )}
        <Button type="submit" loading={form.submitting} data-testid="constraint-form-submit">
          {t(constraint ? 'planning.resources.save' : 'planning.resources.constraint.add')}
        </Button>
      </Group>
    </ServerForm>
  );
}
