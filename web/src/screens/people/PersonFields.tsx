import { SimpleGrid, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { FormikValues } from 'formik';
import type { ServerFormApi } from '../../shared/form';

/** First name, last name, e-mail and phone: the personal information of any person (ids match the server paths). */
export function PersonFields<V extends FormikValues>({ form, disabled = false }: { form: ServerFormApi<V>; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <SimpleGrid cols={{ base: 1, sm: 2 }}>
      <TextInput id="lastName" label={t('people.person.lastName')} required disabled={disabled} autoComplete="off" {...form.inputProps('lastName')} />
      <TextInput id="firstName" label={t('people.person.firstName')} required disabled={disabled} autoComplete="off" {...form.inputProps('firstName')} />
      <TextInput id="email" type="email" label={t('people.person.email')} required disabled={disabled} autoComplete="off" {...form.inputProps('email')} />
      <TextInput id="phone" type="tel" label={t('people.person.phone')} disabled={disabled} autoComplete="off" {...form.inputProps('phone')} />
    </SimpleGrid>
  );
}
