import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { modelTimeSlotSchema, modelTimeSlotUpdateSchema, timeSlotSchema } from '@alterna/training-centre/validation';
import { useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { mutate, mutations, type ModelTimeSlot, type TimeSlot } from './api';
import { FormModal } from './FormModal';
import { TimeField } from '../../shared/DateFields';

interface DialogProps {
  onClose: () => void;
  onSaved: () => void;
}

/** New time-slot model of a campus, or a model's new name. */
export function ModelDialog({ campusId, model, onClose, onSaved }: DialogProps & { campusId: string; model: ModelTimeSlot | null }) {
  const { t } = useTranslation();
  const form = useServerForm<{ campus: string; name: string }>({
    initialValues: { campus: campusId, name: model?.name ?? '' },
    validationSchema: model ? modelTimeSlotUpdateSchema : modelTimeSlotSchema,
    action: (values) =>
      model ? mutate(mutations.updateModel, { id: model.uuid, name: values.name }) : mutate(mutations.createModel, { campus: values.campus, name: values.name }),
    onSuccess: () => {
      toast.success(t('trainingCentre.timeSlots.modelSaved'));
      onSaved();
    },
  });
  return (
    <FormModal title={t(model ? 'trainingCentre.timeSlots.editModel' : 'trainingCentre.timeSlots.newModel')} form={form} onClose={onClose} testId="model-form">
      <TextInput id="name" label={t('trainingCentre.timeSlots.modelName')} placeholder={t('trainingCentre.timeSlots.modelPlaceholder')} required data-autofocus {...form.inputProps('name')} />
    </FormModal>
  );
}

/** A time slot: its model ("a model must be selected"), its start and end. */
export function SlotDialog({ models, modelId, slot, onClose, onSaved }: DialogProps & { models: ModelTimeSlot[]; modelId: string | null; slot: TimeSlot | null }) {
  const { t } = useTranslation();
  const form = useServerForm<{ modelTimeSlot: string; startTime: string; endTime: string }>({
    initialValues: { modelTimeSlot: modelId ?? '', startTime: slot?.startTime ?? '', endTime: slot?.endTime ?? '' },
    validationSchema: timeSlotSchema,
    action: (values) => (slot ? mutate(mutations.updateSlot, { id: slot.uuid, ...values }) : mutate(mutations.createSlot, values)),
    onSuccess: () => {
      toast.success(t('trainingCentre.timeSlots.slotSaved'));
      onSaved();
    },
  });
  return (
    <FormModal title={t(slot ? 'trainingCentre.timeSlots.editSlot' : 'trainingCentre.timeSlots.newSlot')} form={form} onClose={onClose} testId="slot-form">
      <Select
        id="modelTimeSlot"
        name="modelTimeSlot"
        label={t('trainingCentre.timeSlots.model')}
        placeholder={t('trainingCentre.timeSlots.chooseModel')}
        data={models.map((model) => ({ value: model.uuid, label: model.name }))}
        value={form.formik.values.modelTimeSlot || null}
        onChange={(value) => {
          void form.formik.setFieldValue('modelTimeSlot', value ?? '');
          form.clearFieldError('modelTimeSlot');
        }}
        error={form.fieldError('modelTimeSlot')}
        allowDeselect={false}
        comboboxProps={{ withinPortal: true }}
      />
      <Group grow align="flex-start">
        <TimeField id="startTime" label={t('trainingCentre.timeSlots.start')} required {...form.inputProps('startTime')} />
        <TimeField id="endTime" label={t('trainingCentre.timeSlots.end')} required {...form.inputProps('endTime')} />
      </Group>
    </FormModal>
  );
}
