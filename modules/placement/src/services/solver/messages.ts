import { formatNumber, typography } from '@alterna/core/validation';
import { en, fr } from '../../locales/index.js';
import type { Explanation } from './types.js';

// An explanation in words, from the module's catalogues (the keys the server's i18n reads as `placement.unplaced.*`):
// hours through the shared number format, plurals by i18next's `_one` / `_other` suffixes on `count` or `weeks`.

type Catalogue = typeof en;

const fill = (template: string, values: Record<string, string>) => template.replace(/\{\{(\w+)\}\}/g, (_match, name: string) => values[name] ?? '');

function list(items: string[], and: string): string {
  return items.length < 2 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')}${and}${items.at(-1)}`;
}

/** "Anglais, BTS MCO 1: 6 h left unplaced — the 2 teachers qualified have 4 h available in the school weeks of this period". */
export function explanationText(explanation: Explanation, language: string): string {
  const catalogue: Catalogue = language.startsWith('fr') ? fr : en;
  const { unplaced } = catalogue;
  const hours = (value: number) => formatNumber(value, language, { maximumFractionDigits: 1 });
  const values: Record<string, string> = {};
  for (const [name, value] of Object.entries(explanation.params)) values[name] = typeof value === 'number' && name === 'hours' ? hours(value) : String(value);
  if (typeof explanation.params.weekdays === 'string') {
    values.weekdays = list(explanation.params.weekdays.split(',').map((day) => unplaced.weekdays[day as keyof Catalogue['unplaced']['weekdays']] ?? day), unplaced.and);
  }
  const count = explanation.params.count ?? explanation.params.weeks;
  const reasons = unplaced.reason as Record<string, string>;
  const reason = reasons[explanation.reason] ?? reasons[`${explanation.reason}_${count === 1 ? 'one' : 'other'}`] ?? explanation.reason;
  const text = fill(unplaced.line, { subject: values.subject ?? '', group: values.group ?? '', hours: hours(explanation.unplacedMinutes / 60), reason: fill(reason, values) });
  return typography(text, language);
}
