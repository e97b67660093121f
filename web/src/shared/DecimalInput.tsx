import { useState, type FocusEvent } from 'react';
import { TextInput, type TextInputProps } from '@mantine/core';
import { useLanguage } from '../language';
import { formatDecimal, parseDecimal, sameDecimal } from './decimal';

export interface DecimalInputProps extends Omit<TextInputProps, 'value' | 'defaultValue' | 'onChange' | 'type' | 'inputMode'> {
  /** The number the form holds; null for none (NaN: text that is not a number, which the form's schema refuses). */
  value: number | null | undefined;
  /** The number typed so far: null when blank, NaN when the text is not a number. */
  onChange: (value: number | null) => void;
  /** A whole number (a phone shows digits only); the schema still says what it takes. */
  integer?: boolean;
}

/**
 * The one numeric field of the web client. The text typed is the field's own state: '12,' or '12.' while the person
 * types stays on screen (a controlled number input dropped it, and '12,5' became 5). A comma and a point are both
 * the decimal separator, in either language; the form gets a number (or null, or NaN) and its Yup schema, the one
 * the server runs, refuses what is out of range with a message: nothing is clamped or rounded here. A value set from
 * outside (a reset, a reload) is shown the language's way (12,5 in French, 12.5 in English), and so is the text on blur.
 */
export function DecimalInput({ value, onChange, integer = false, onBlur, ...rest }: DecimalInputProps) {
  const language = useLanguage();
  const [text, setText] = useState(() => formatDecimal(value, language));
  // The value and language last given: when either changes (a reset, a reload, another language), the text follows
  // unless it already says that number. A form that keeps its value when the text is not a number leaves the text be.
  const [seen, setSeen] = useState({ value, language });
  if (!sameDecimal(seen.value, value) || seen.language !== language) {
    setSeen({ value, language });
    if (!sameDecimal(parseDecimal(text), value) || seen.language !== language) setText(formatDecimal(value, language));
  }
  return (
    <TextInput
      {...rest}
      type="text"
      inputMode={integer ? 'numeric' : 'decimal'}
      autoComplete="off"
      value={text}
      onChange={(event) => {
        const next = event.currentTarget.value;
        const parsed = parseDecimal(next);
        setText(next);
        onChange(parsed);
      }}
      onBlur={(event: FocusEvent<HTMLInputElement>) => {
        const parsed = parseDecimal(text);
        if (parsed !== null && Number.isFinite(parsed)) setText(formatDecimal(parsed, language));
        onBlur?.(event);
      }}
    />
  );
}
