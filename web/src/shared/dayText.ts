import dayjs from 'dayjs';

/** 'DD/MM/YYYY' (fr), 'MM/DD/YYYY' (en) or 'YYYY-MM-DD' → 'YYYY-MM-DD', or null when not a real day. */
export function parseDayText(text: string, language: 'fr' | 'en'): string | null {
  const trimmed = text.trim();
  let y: string, m: string, d: string;
  const iso = /^(\d{4})-(\d{1,2})-(\d{1,2})$/.exec(trimmed);
  const local = /^(\d{1,2})[/.-](\d{1,2})[/.-](\d{4})$/.exec(trimmed);
  if (iso) [, y, m, d] = iso as unknown as [string, string, string, string];
  else if (local && language === 'fr') [, d, m, y] = local as unknown as [string, string, string, string];
  else if (local) [, m, d, y] = local as unknown as [string, string, string, string];
  else return null;
  const day = `${y}-${m.padStart(2, '0')}-${d.padStart(2, '0')}`;
  return dayjs(day, 'YYYY-MM-DD').format('YYYY-MM-DD') === day ? day : null;
}
