import { useState } from 'react';
import { Button, Group } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { associateCorporationSchema } from '@alterna/people/validation';
import { ServerForm, useServerForm } from '../../shared/form';
import { SearchSelect, formatCompanyOption, formatPersonOption } from '../../shared/SearchSelect';
import { associateTutor, loadTutors, searchCorporations, type ActorView, type CorporationOption } from './api';

interface AssociateFormProps {
  /** The tutor, when the screen is the tutor's: the corporation is chosen. */
  tutor?: ActorView;
  /** The corporation, when the screen is the corporation's: the tutor is chosen. */
  corporation?: CorporationOption;
  onDone: (message: string) => void | Promise<void>;
}

/** /tutors/associate-corporation: one side fixed by the screen, the other searched (from 2 characters). */
export function AssociateForm({ tutor, corporation, onDone }: AssociateFormProps) {
  const { t } = useTranslation();
  const [chosenTutor, setChosenTutor] = useState<ActorView | null>(null);
  const [chosenCorporation, setChosenCorporation] = useState<CorporationOption | null>(null);
  const form = useServerForm<{ tutorId: string | null; corporationId: string | null }, { message: string }>({
    initialValues: { tutorId: tutor?.id ?? null, corporationId: corporation?.id ?? null },
    validationSchema: associateCorporationSchema,
    action: (values) => associateTutor(values.tutorId ?? '', values.corporationId ?? ''),
    onSuccess: (result) => onDone(result.message),
  });
  const pick = (name: 'tutorId' | 'corporationId', value: string | null) => {
    void form.formik.setFieldValue(name, value);
    form.clearFieldError(name);
  };
  return (
    <ServerForm form={form} data-testid="associate-form">
      {!tutor && (
        <SearchSelect<ActorView>
          id="tutorId"
          label={t('people.associate.tutor')}
          placeholder={t('people.associate.searchPlaceholder')}
          required
          loadOptions={(search, signal) => loadTutors(search, signal)}
          formatOption={formatPersonOption}
          value={form.formik.values.tutorId}
          selected={chosenTutor}
          onChange={(value, item) => {
            setChosenTutor(item);
            pick('tutorId', value);
          }}
          error={form.fieldError('tutorId')}
          data-testid="associate-tutor"
          comboboxProps={{ withinPortal: false }}
        />
      )}
      {!corporation && (
        <SearchSelect<CorporationOption>
          id="corporationId"
          label={t('people.associate.corporation')}
          placeholder={t('people.associate.searchPlaceholder')}
          required
          loadOptions={searchCorporations}
          formatOption={formatCompanyOption}
          value={form.formik.values.corporationId}
          selected={chosenCorporation}
          onChange={(value, item) => {
            setChosenCorporation(item);
            pick('corporationId', value);
          }}
          error={form.fieldError('corporationId')}
          data-testid="associate-corporation"
          comboboxProps={{ withinPortal: false }}
        />
      )}
      <Group justify="flex-end">
        <Button type="submit" loading={form.submitting} data-testid="associate-save">{t('people.associate.action')}</Button>
      </Group>
    </ServerForm>
  );
}
