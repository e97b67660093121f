import { useEffect, useMemo, useRef, useState } from 'react';
import { useDebouncedCallback } from '@mantine/hooks';
import { Loader, Select, type ComboboxItem, type SelectProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { SEARCH_MIN_CHARS, SELECT_REFRESH_MS } from './constants';
import { optionId } from './options';

export { formatCompanyOption, formatPersonOption, optionId, type CompanyOption, type PersonOption } from './options';

export interface SearchSelectProps<T>
  extends Omit<SelectProps, 'data' | 'value' | 'onChange' | 'searchable' | 'searchValue' | 'onSearchChange' | 'filter' | 'defaultValue'> {
  /** Loads the options for a search text (called from SEARCH_MIN_CHARS characters, debounced). */
  loadOptions: (search: string, signal: AbortSignal) => Promise<T[]>;
  /** Label of an option (see formatPersonOption / formatCompanyOption). */
  formatOption: (item: T) => string;
  /** Value of an option (default: uuid, else id). */
  getOptionValue?: (item: T) => string;
  value: string | null;
  /** The selected item, so its label shows before any search. */
  selected?: T | null;
  onChange: (value: string | null, item: T | null) => void;
  minChars?: number;
}

/** Select with an async search starting at 2 characters (SPEC §5/§9). */
export function SearchSelect<T>({
  loadOptions,
  formatOption,
  getOptionValue,
  value,
  selected,
  onChange,
  minChars = SEARCH_MIN_CHARS,
  nothingFoundMessage,
  className,
  ...rest
}: SearchSelectProps<T>) {
  const { t } = useTranslation();
  const valueOf = useMemo(
    () => getOptionValue ?? ((item: T) => optionId(item as { id?: string; uuid?: string })),
    [getOptionValue],
  );
  const [search, setSearch] = useState('');
  const [items, setItems] = useState<T[]>([]);
  const [loading, setLoading] = useState(false);
  const [chosen, setChosen] = useState<T | null>(selected ?? null);
  const loaderRef = useRef(loadOptions);
  loaderRef.current = loadOptions;

  useEffect(() => {
    if (selected !== undefined) setChosen(selected);
  }, [selected]);

  const chosenLabel = chosen ? formatOption(chosen) : '';
  const term = search.trim();
  const tooShort = term.length < minChars;

  // The options of the last term typed, once typing pauses; a newer term aborts the older answer.
  const loadItems = useDebouncedCallback((typed: string, signal: AbortSignal) => {
    if (signal.aborted) return;
    setLoading(true);
    loaderRef
      .current(typed, signal)
      .then((result) => {
        if (!signal.aborted) setItems(result);
      })
      .catch(() => {
        if (!signal.aborted) setItems([]);
      })
      .finally(() => {
        if (!signal.aborted) setLoading(false);
      });
  }, SELECT_REFRESH_MS);

  useEffect(() => {
    if (tooShort || term === chosenLabel) {
      setLoading(false);
      return;
    }
    const controller = new AbortController();
    loadItems(term, controller.signal);
    return () => {
      controller.abort();
      loadItems.cancel();
    };
  }, [term, tooShort, chosenLabel, loadItems]);

  const data = useMemo(() => {
    const map = new Map<string, { item: T; option: ComboboxItem }>();
    const add = (item: T) => {
      const label = formatOption(item);
      // Entries reading 'cancelled' come from dismissed popups and are never options (SPEC §4).
      if (label === 'cancelled') return;
      map.set(valueOf(item), { item, option: { value: valueOf(item), label } });
    };
    if (chosen) add(chosen);
    if (!tooShort) items.forEach(add);
    return map;
  }, [chosen, items, tooShort, formatOption, valueOf]);

  return (
    <Select
      {...rest}
      className={[className, value ? 'fullfilled' : null].filter(Boolean).join(' ') || undefined}
      data-fullfilled={value ? true : undefined}
      searchable
      clearable={rest.clearable ?? true}
      value={value}
      data={Array.from(data.values(), (d) => d.option)}
      searchValue={search}
      onSearchChange={setSearch}
      filter={({ options }) => options}
      rightSection={loading ? <Loader size="xs" /> : rest.rightSection}
      nothingFoundMessage={
        tooShort ? t('select.minChars', { min: minChars }) : loading ? t('select.loading') : (nothingFoundMessage ?? t('select.nothingFound'))
      }
      onChange={(next) => {
        const item = next ? (data.get(next)?.item ?? null) : null;
        setChosen(item);
        onChange(next, item);
      }}
    />
  );
}
