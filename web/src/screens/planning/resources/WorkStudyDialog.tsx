import { Button, Group, Modal, SegmentedControl, Stack, Text } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../../shared/format';
import { workStudyEditSchema, workStudySchema, workStudyTypes } from '@alterna/planning/validation';
import { ServerForm, useServerForm } from '../../../shared/form';
import { toast } from '../../../shared/toast';
import { postForm, resourceRoutes, type WorkStudyPeriod } from './api';
import { DateField } from '../../../shared/DateFields';

interface Values {
  trainingGroup: string;
  startDate: string;
  endDate: string;
  type: string;
}

/** Adds or edits a work-study period of a training group: its days (inside the group's) and its type. */
export function WorkStudyDialog({ group, period, onClose, onSaved }: {
  group: { id: string; shortName: string; startDate: string; endDate: string };
  period: WorkStudyPeriod | null;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { t } = useTranslation();
  const form = useServerForm<Values, { message: string }>({
    initialValues: { trainingGroup: group.id, startDate: period?.startDate ?? '', endDate: period?.endDate ?? '', type: period?.type ?? 'Entreprise' },
    validationSchema: period ? workStudyEditSchema : workStudySchema,
    action: (values) => {
      const body = { startDate: values.startDate, endDate: values.endDate, type: values.type };
      return postForm(period ? resourceRoutes.workStudyEdit(period.id) : resourceRoutes.workStudies(), period ? body : { ...body, trainingGroup: group.id });
    },
    onSuccess: (data) => {
      toast.success(data.message);
      onSaved();
    },
  });
  return (
    <Modal opened onClose={onClose} centered size="lg" title={t(period ? 'planning.resources.workStudy.editTitle' : 'planning.resources.workStudy.newTitle', { group: group.shortName })}>
      <ServerForm form={form} data-testid="work-study-form">
        <Stack gap={4}>
          <Text size="sm" fw={500}>
            {t('planning.resources.workStudy.typeLabel')}
          </Text>
          <SegmentedControl
            id="type"
            value={form.formik.values.type}
            onChange={(value) => void form.formik.setFieldValue('type', value)}
            data={workStudyTypes.map((type) => ({ value: type, label: t(`planning.resources.workStudy.types.${type}`) }))}
            data-testid="work-study-type"
          />
        </Stack>
        <Group grow align="flex-start">
          <DateField id="startDate" label={t('planning.resources.workStudy.startDate')} required {...form.inputProps('startDate')} />
          <DateField id="endDate" label={t('planning.resources.workStudy.endDate')} required {...form.inputProps('endDate')} />
        </Group>
        <Text size="xs" c="dimmed">
          {t('planning.resources.workStudy.rules', { start: formatDate(group.startDate), end: formatDate(group.endDate) })}
        </Text>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid="work-study-form-submit">
            {t(period ? 'planning.resources.save' : 'planning.resources.workStudy.add')}
          </Button>
        </Group>
      </ServerForm>
    </Modal>
  );
}
