import { useEffect, useEffectEvent, useMemo, useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { Combobox, Loader, Select, SimpleGrid, TextInput, useCombobox } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import {
  blurWithSuggestionsOpen, changeBirthCountry, CITY_SEARCH_DEBOUNCE_MS, hasCitySuggestions, shouldLookUpCity, type BirthplaceFields,
} from '@alterna/students/validation';
import { countryOptions } from '@alterna/students/validation';
import { useLanguage } from '../../language';
import { loadBirthCities, type CitySuggestion } from './api';

interface BirthplaceFieldProps {
  value: BirthplaceFields;
  onChange: (next: BirthplaceFields) => void;
  /** Errors by field (birthCountry, birthplace, birthCityCode). */
  errors: { birthCountry?: string; birthplace?: string; birthCityCode?: string };
  /** Marks the birth place invalid with a message (or clears it with null). */
  onInvalid: (message: string | null) => void;
}

/**
 * Country of birth, birth place and city code (SPEC §4, §5): for FR, TR, PF and GF the place is a city picked
 * among suggestions (from 3 characters, 600 ms after the last keystroke); elsewhere it is free text.
 */
export function BirthplaceField({ value, onChange, errors, onInvalid }: BirthplaceFieldProps) {
  const { t } = useTranslation();
  const language = useLanguage();
  const countries = useMemo(() => countryOptions(language), [language]);
  const combobox = useCombobox();
  const [suggestions, setSuggestions] = useState<CitySuggestion[]>([]);
  const [loading, setLoading] = useState(false);
  // The text typed by the user (not a city picked): only that is looked up.
  const [typed, setTyped] = useState<string | null>(null);
  const lookup = hasCitySuggestions(value.birthCountry);
  const valueRef = useRef(value);
  valueRef.current = value;

  // Cities matching the last text typed, once typing pauses; a newer text aborts the older answer.
  const lookUpCities = useDebouncedCallback((text: string, signal: AbortSignal) => {
    if (signal.aborted) return;
    setLoading(true);
    loadBirthCities(valueRef.current.birthCountry!, text, signal)
      .then((found) => {
        if (signal.aborted) return;
        setSuggestions(found);
        if (found.length) combobox.openDropdown();
        else combobox.closeDropdown();
      })
      .catch(() => !signal.aborted && setSuggestions([]))
      .finally(() => !signal.aborted && setLoading(false));
  }, CITY_SEARCH_DEBOUNCE_MS);

  // The dropdown's close function changes as it opens: only the typed text and the country start a lookup.
  const clearSuggestions = useEffectEvent(() => {
    setSuggestions([]);
    combobox.closeDropdown();
  });
  useEffect(() => {
    if (typed === null || !shouldLookUpCity(valueRef.current.birthCountry, typed)) {
      clearSuggestions();
      return;
    }
    const controller = new AbortController();
    lookUpCities(typed, controller.signal);
    return () => {
      controller.abort();
      lookUpCities.cancel();
    };
  }, [typed, value.birthCountry, lookUpCities]);

  const pick = (citycode: string) => {
    const city = suggestions.find((s) => s.citycode === citycode);
    if (!city) return;
    onChange({ ...value, birthplace: city.city, birthCityCode: city.citycode });
    onInvalid(null);
    setTyped(null);
    setSuggestions([]);
    combobox.closeDropdown();
  };

  // Suggestions stay listed until one is picked (the combobox closes its dropdown on an outside click before the blur).
  const open = suggestions.length > 0;

  return (
    <SimpleGrid cols={{ base: 1, sm: 3 }}>
      <Select
        id="birthCountry" name="birthCountry" label={t('students.form.birthCountry')} required searchable
        data={countries} value={value.birthCountry}
        onChange={(country) => {
          onChange(changeBirthCountry(value, country));
          setTyped(null);
          onInvalid(null);
        }}
        error={errors.birthCountry} nothingFoundMessage={t('select.nothingFound')}
        comboboxProps={{ withinPortal: true }}
        data-testid="birth-country"
      />
      <Combobox store={combobox} onOptionSubmit={pick} withinPortal>
        <Combobox.Target>
          <TextInput
            id="birthplace" name="birthplace" label={t('students.form.birthplace')} required autoComplete="off"
            description={lookup ? t('students.form.birthplaceHint') : undefined}
            value={value.birthplace}
            onChange={(event) => {
              const text = event.currentTarget.value;
              // A text typed is not a city: the code goes until a suggestion is picked.
              onChange({ ...value, birthplace: text, birthCityCode: lookup ? null : value.birthCityCode });
              onInvalid(null);
              if (lookup) {
                // Suggestions of the previous text go at once; those of this one come 600 ms after the last keystroke.
                setSuggestions([]);
                setTyped(text);
              }
            }}
            onFocus={() => suggestions.length && combobox.openDropdown()}
            onBlur={() => {
              const outcome = blurWithSuggestionsOpen(open, value);
              combobox.closeDropdown();
              if (outcome.invalid) {
                onChange(outcome.fields);
                onInvalid(t('students.validation.cityRequired'));
              }
            }}
            rightSection={loading ? <Loader size="xs" /> : null}
            error={errors.birthplace}
            data-testid="birthplace"
          />
        </Combobox.Target>
        <Combobox.Dropdown hidden={!suggestions.length} data-testid="birthplace-suggestions">
          <Combobox.Options>
            {suggestions.map((city) => (
              <Combobox.Option value={city.citycode} key={city.id} data-testid="birthplace-suggestion">
                {city.city} ({city.postcode})
              </Combobox.Option>
            ))}
          </Combobox.Options>
        </Combobox.Dropdown>
      </Combobox>
      <TextInput
        id="birthCityCode" name="birthCityCode" label={t('students.form.birthCityCode')} readOnly
        value={value.birthCityCode ?? ''} error={errors.birthCityCode} disabled={!lookup}
        data-testid="birth-city-code"
      />
    </SimpleGrid>
  );
}
