import type { ReactNode } from 'react';
import { Button, Group, Modal } from '@mantine/core';
import type { FormikValues } from 'formik';
import { useTranslation } from 'react-i18next';
import { ServerForm, type ServerFormApi } from '../../shared/form';

interface FormModalProps<V extends FormikValues> {
  title: ReactNode;
  form: ServerFormApi<V>;
  onClose: () => void;
  submitLabel?: ReactNode;
  testId: string;
  children: ReactNode;
}

/** A create / edit dialog: mounted only while shown, so each opening starts from fresh values. */
export function FormModal<V extends FormikValues>({ title, form, onClose, submitLabel, testId, children }: FormModalProps<V>) {
  const { t } = useTranslation();
  return (
    <Modal opened onClose={onClose} title={title} size="lg" centered>
      <ServerForm form={form} data-testid={testId}>
        {children}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onClose}>
            {t('dialog.cancel')}
          </Button>
          <Button type="submit" loading={form.submitting} data-testid={`${testId}-submit`}>
            {submitLabel ?? t('trainingCentre.save')}
          </Button>
        </Group>
      </ServerForm>
    </Modal>
  );
}
