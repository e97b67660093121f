import { Checkbox, Group, Input, Radio, Select, SimpleGrid, Stack, TextInput } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import type { ServerFormApi } from '../../../shared/form';
import type { CampusOption } from '../shared/api';
import { CampusesSelect } from '../shared/Selects';
import { frequencies, type MassCreateValues } from './massCreate';
import { wizardError } from './wizard';
import { DateField, TimeField } from '../../../shared/DateFields';

const ISO_DAYS = ['1', '2', '3', '4', '5', '6', '7'];

/** Weekday names Monday first, in the interface language. */
export const weekdayNames = (lang: string, format: 'long' | 'short' = 'long') => {
  // 5 to 11 January 2026 is a Monday to a Sunday: Intl names them in the language.
  const names = new Intl.DateTimeFormat(lang, { weekday: format, timeZone: 'UTC' });
  return ISO_DAYS.map((day) => names.format(new Date(Date.UTC(2026, 0, 4 + Number(day))))).map((name) => name.charAt(0).toUpperCase() + name.slice(1));
};

/** Step 1: frequency (every day / week on chosen days / month on an ordinal weekday), campuses, period, name. */
export function FrequencyStep({ form, campuses, tried }: { form: ServerFormApi<MassCreateValues>; campuses: CampusOption[]; tried: boolean }) {
  const { t, i18n } = useTranslation();
  const values = form.formik.values;
  const error = (path: string) => wizardError(form, path, tried);
  const set = (path: keyof MassCreateValues, value: unknown) => {
    void form.formik.setFieldValue(path, value);
    form.clearFieldError(path);
  };
  const names = weekdayNames(i18n.language);
  return (
    <Stack gap="md" data-testid="step-frequency">
      <TextInput id="name" label={t('planning.bulk.create.name')} placeholder={t('planning.bulk.create.namePlaceholder')} required {...form.inputProps('name')} error={error('name')} data-testid="create-name" />
      <CampusesSelect
        id="campuses"
        name="campuses"
        label={t('planning.bulk.create.campuses')}
        campuses={campuses}
        value={values.campuses}
        onChange={(value) => set('campuses', value)}
        error={error('campuses')}
        withAsterisk
        testId="create-campuses"
      />
      <Radio.Group
        id="frequency"
        name="frequency"
        label={t('planning.bulk.create.frequency')}
        value={values.frequency}
        onChange={(value) => set('frequency', value)}
        error={error('frequency')}
        required
      >
        <Group gap="lg" mt={6}>
          {frequencies.map((frequency) => (
            <Radio key={frequency} value={frequency} label={t(`planning.bulk.create.frequencies.${frequency}`)} data-testid={`frequency-${frequency}`} />
          ))}
        </Group>
      </Radio.Group>
      {values.frequency === 'weekly' && (
        <Checkbox.Group id="days" label={t('planning.bulk.create.days')} value={values.days} onChange={(value) => set('days', value)} error={error('days')} required>
          <Group gap="md" mt={6}>
            {ISO_DAYS.map((day, i) => (
              <Checkbox key={day} value={day} label={names[i]} data-testid={`day-${day}`} />
            ))}
          </Group>
        </Checkbox.Group>
      )}
      {values.frequency === 'monthly' && (
        <Input.Wrapper label={t('planning.bulk.create.monthlyLabel')} withAsterisk>
          <Group gap="sm" align="flex-start" grow mt={4}>
            <Select
              id="ordinal"
              name="ordinal"
              aria-label={t('planning.bulk.create.ordinal')}
              placeholder={t('planning.bulk.create.ordinal')}
              data={['1', '2', '3', '4'].map((value) => ({ value, label: t(`planning.bulk.create.ordinals.${value}`) }))}
              value={values.ordinal || null}
              onChange={(value) => set('ordinal', value ?? '')}
              error={error('ordinal')}
              data-testid="create-ordinal"
            />
            <Select
              id="weekday"
              name="weekday"
              aria-label={t('planning.bulk.create.weekday')}
              placeholder={t('planning.bulk.create.weekday')}
              data={ISO_DAYS.map((value, i) => ({ value, label: names[i] ?? value }))}
              value={values.weekday || null}
              onChange={(value) => set('weekday', value ?? '')}
              error={error('weekday')}
              data-testid="create-weekday"
            />
          </Group>
        </Input.Wrapper>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <DateField id="startDate" label={t('planning.bulk.create.startDate')} required {...form.inputProps('startDate')} error={error('startDate')} data-testid="create-start-date" />
        <DateField id="endDate" label={t('planning.bulk.create.endDate')} required {...form.inputProps('endDate')} error={error('endDate')} data-testid="create-end-date" />
        <TimeField id="startTime" label={t('planning.bulk.create.startTime')} required {...form.inputProps('startTime')} error={error('startTime')} data-testid="create-start-time" />
        <TimeField id="endTime" label={t('planning.bulk.create.endTime')} required {...form.inputProps('endTime')} error={error('endTime')} data-testid="create-end-time" />
      </SimpleGrid>
    </Stack>
  );
}
