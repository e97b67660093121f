import { Group, Select, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { closureSchema, closureTypes } from '@alterna/training-centre/validation';
import { useServerForm } from '../../shared/form';
import { toast } from '../../shared/toast';
import { mutate, mutations, type Closure } from './api';
import { FormModal } from './FormModal';
import { DateField } from '../../shared/DateFields';

/** A campus closure: from, to (the same day for one day), its type and a name. */
export function ClosureDialog({ campusId, closure, onClose, onSaved }: { campusId: string; closure: Closure | null; onClose: () => void; onSaved: () => void }) {
  const { t } = useTranslation();
  const form = useServerForm<{ campus: string; startDate: string; endDate: string; type: string; name: string }>({
    initialValues: {
      campus: campusId,
      startDate: closure?.startDate ?? '',
      endDate: closure?.endDate ?? '',
      type: closure?.type ?? 'holidays',
      name: closure?.name ?? '',
    },
    validationSchema: closureSchema,
    action: (values) => {
      const input = { ...values, name: values.name.trim() || null };
      return closure ? mutate(mutations.updateClosure, { id: closure.uuid, ...input }) : mutate(mutations.createClosure, input);
    },
    onSuccess: () => {
      toast.success(t('trainingCentre.closures.saved'));
      onSaved();
    },
  });
  return (
    <FormModal title={t(closure ? 'trainingCentre.closures.edit' : 'trainingCentre.closures.new')} form={form} onClose={onClose} testId="closure-form">
      <TextInput id="name" label={t('trainingCentre.closures.name')} placeholder={t('trainingCentre.closures.namePlaceholder')} data-autofocus {...form.inputProps('name')} />
      <Group grow align="flex-start">
        <DateField id="startDate" label={t('trainingCentre.closures.startDate')} required {...form.inputProps('startDate')} />
        <DateField id="endDate" label={t('trainingCentre.closures.endDate')} required {...form.inputProps('endDate')} />
      </Group>
      <Select
        id="type"
        label={t('trainingCentre.closures.type')}
        data={closureTypes.map((type) => ({ value: type, label: t(`trainingCentre.closures.types.${type}`) }))}
        value={form.formik.values.type}
        onChange={(value) => void form.formik.setFieldValue('type', value ?? '')}
        error={form.fieldError('type')}
        allowDeselect={false}
      />
    </FormModal>
  );
}
