import { Button, Group, Select, Stack, Textarea } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { ServerForm, useServerForm } from '../../../shared/form';
import { toast } from '../../../shared/toast';
import { cancellationData } from '../shared/labels';
import { updateLesson } from './api';

const cancelSchema = yup.object({
  lessonCancellationType: yup.string().required({ key: 'planning.lessons.rules.cancelReasonRequired' }),
  cancelDesc: yup.string(),
});

/** Cancels a lesson: a reason (disease, teacher initiative, school initiative) and a comment. */
export function CancelLessonForm({ lessonId, onDone, onBack }: { lessonId: string; onDone: () => void; onBack: () => void }) {
  const { t } = useTranslation();
  const form = useServerForm<{ lessonCancellationType: string; cancelDesc: string }>({
    initialValues: { lessonCancellationType: '', cancelDesc: '' },
    validationSchema: cancelSchema,
    action: (values) => updateLesson(lessonId, { lessonCancellationType: values.lessonCancellationType, cancelDesc: values.cancelDesc.trim() }),
    onSuccess: () => {
      toast.success(t('planning.calendar.cancelled'));
      onDone();
    },
  });
  return (
    <ServerForm form={form} data-testid="lesson-cancel-form">
      <Stack gap="sm">
        <Select
          id="lessonCancellationType"
          name="lessonCancellationType"
          label={t('planning.calendar.fields.cancellationType')}
          data={cancellationData(t)}
          value={form.formik.values.lessonCancellationType || null}
          onChange={(value) => {
            void form.formik.setFieldValue('lessonCancellationType', value ?? '');
            form.clearFieldError('lessonCancellationType');
          }}
          error={form.fieldError('lessonCancellationType')}
          required
          comboboxProps={{ withinPortal: true }}
          data-testid="lesson-cancel-reason"
        />
        <Textarea id="cancelDesc" label={t('planning.calendar.fields.cancelDesc')} autosize minRows={2} {...form.inputProps('cancelDesc')} data-testid="lesson-cancel-comment" />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onBack}>
            {t('planning.calendar.back')}
          </Button>
          <Button type="submit" color="orange" loading={form.submitting} data-testid="lesson-cancel-submit">
            {t('planning.calendar.confirmCancel')}
          </Button>
        </Group>
      </Stack>
    </ServerForm>
  );
}
