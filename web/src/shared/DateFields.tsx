import type { ChangeEvent, FocusEvent, ReactNode } from 'react';
import { Group } from '@mantine/core';
import { DateInput, TimePicker } from '@mantine/dates';
import { useTranslation } from 'react-i18next';
import '@mantine/dates/styles.css';
import { useLanguage } from '../language';
import { parseDayText } from './dayText';

/*
 * The date and time fields of every form: Mantine pickers in the page's language (dd/mm/yyyy and 24h on
 * French pages), fed and read as the ISO strings the forms always used ('YYYY-MM-DD', 'HH:mm',
 * 'YYYY-MM-DDTHH:mm'), so Formik, Yup and the API calls are unchanged. onChange receives an event-like
 * object with target/currentTarget { name, id, value }, which Formik's handleChange and `e.currentTarget.value`
 * readers accept as they did the native inputs' events.
 */

type FieldChange = (event: ChangeEvent<HTMLInputElement>) => void;

interface FieldProps {
  id?: string;
  name?: string;
  label?: ReactNode;
  description?: ReactNode;
  required?: boolean;
  disabled?: boolean;
  value: string;
  onChange: FieldChange;
  onBlur?: (event: FocusEvent<HTMLInputElement>) => void;
  error?: ReactNode;
  'data-testid'?: string;
  /** For compact fields in table rows. */
  size?: 'xs' | 'sm' | 'md';
  w?: number;
  'aria-label'?: string;
}

/** Dates shown and typed in the page language's order; ISO is accepted too (pasted values). */
const displayFormat = { fr: 'DD/MM/YYYY', en: 'MM/DD/YYYY' } as const;

function changeEvent(name: string | undefined, id: string | undefined, value: string): ChangeEvent<HTMLInputElement> {
  const target = { name: name ?? id ?? '', id: id ?? '', value, type: 'text' };
  return { target, currentTarget: target, persist: () => undefined } as unknown as ChangeEvent<HTMLInputElement>;
}

type DateFieldProps = FieldProps & { minDate?: string; maxDate?: string; rightSection?: ReactNode; rightSectionWidth?: number };

/** A day ('YYYY-MM-DD', '' when empty). */
export function DateField({ value, onChange, onBlur, name, id, minDate, maxDate, ...rest }: DateFieldProps) {
  const language = useLanguage();
  return (
    <DateInput
      {...rest}
      id={id}
      name={name}
      value={value || null}
      onChange={(next) => onChange(changeEvent(name, id, next ?? ''))}
      onBlur={onBlur}
      valueFormat={displayFormat[language]}
      placeholder={language === 'fr' ? 'jj/mm/aaaa' : 'mm/dd/yyyy'}
      dateParser={(text) => parseDayText(text, language)}
      minDate={minDate}
      maxDate={maxDate}
      clearable={!rest.required}
      popoverProps={{ withinPortal: true }}
    />
  );
}

/** A time of day ('HH:mm', '' when empty), 24h: hours then minutes, each typed or stepped with the arrows. */
export function TimeField({ value, onChange, onBlur, name, id, ...rest }: FieldProps) {
  const { t } = useTranslation();
  return (
    <TimePicker
      // One tab stop; the arrows (or two digits) move from hours to minutes, each named for screen readers.
      hoursInputLabel={t('form.hours')}
      minutesInputLabel={t('form.minutes')}
      {...rest}
      id={id}
      name={name}
      format="24h"
      value={value}
      onChange={(next) => onChange(changeEvent(name, id, next.slice(0, 5)))}
      onBlur={onBlur as never}
    />
  );
}

/** A day and a time ('YYYY-MM-DDTHH:mm'): a date field and a time field side by side; the hidden input carries the ISO value. */
export function DateTimeField({ value, onChange, onBlur, name, id, label, required, disabled, error, 'data-testid': testId }: FieldProps) {
  const [day = '', time = ''] = value ? value.split('T') : [];
  const emit = (nextDay: string, nextTime: string) =>
    onChange(changeEvent(name, id, nextDay && nextTime ? `${nextDay}T${nextTime.slice(0, 5)}` : nextDay ? `${nextDay}T` : ''));
  return (
    <Group gap="xs" align="flex-start" grow wrap="nowrap">
      <DateField
        id={id}
        label={label}
        required={required}
        disabled={disabled}
        value={day}
        onChange={(event) => emit(event.target.value, time)}
        onBlur={onBlur}
        error={error}
        data-testid={testId && `${testId}-date`}
      />
      <TimeField
        id={id && `${id}-time`}
        label={<span aria-hidden>&nbsp;</span>}
        required={required}
        disabled={disabled}
        value={time}
        onChange={(event) => emit(day, event.target.value)}
        data-testid={testId && `${testId}-time`}
      />
      <input type="hidden" name={name} value={value} data-testid={testId} readOnly />
    </Group>
  );
}
