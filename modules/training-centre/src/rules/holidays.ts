import joursFeries from '@socialgouv/jours-feries';

export interface PublicHoliday {
  /** 'YYYY-MM-DD' */
  date: string;
  /** Stable key (for translations), e.g. 'bastilleDay'. */
  key: string;
  /** The French name the package gives. */
  frenchName: string;
}

// The package names holidays in French; keys let the catalogues give each its English name.
const keys: Record<string, string> = {
  "Jour de l'an": 'newYear',
  'Fête du travail': 'labourDay',
  'Victoire des alliés': 'victoryDay',
  'Fête Nationale': 'bastilleDay',
  Assomption: 'assumption',
  Toussaint: 'allSaints',
  Armistice: 'armistice',
  Noël: 'christmas',
  'Lundi de Pâques': 'easterMonday',
  Ascension: 'ascension',
  'Lundi de Pentecôte': 'whitMonday',
  'Vendredi Saint': 'goodFriday',
  'Saint Étienne': 'stStephen',
};

/** The package builds local-midnight Dates: read them back in local time, whatever the server's zone. */
function localDate(date: Date): string {
  const noon = new Date(date.getTime() + 12 * 3600 * 1000);
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${noon.getFullYear()}-${pad(noon.getMonth() + 1)}-${pad(noon.getDate())}`;
}

/** Public holidays of metropolitan France (without the two Alsace-Moselle days), by date. */
export function publicHolidays(year: number): PublicHoliday[] {
  if (!Number.isInteger(year) || year < 1900 || year > 2200) return [];
  return Object.entries(joursFeries(year))
    .map(([frenchName, date]) => ({ date: localDate(date), key: keys[frenchName] ?? frenchName, frenchName }))
    .sort((a, b) => a.date.localeCompare(b.date));
}

/** Public holidays between two dates, both included. */
export function publicHolidaysBetween(from: string, to: string): PublicHoliday[] {
  const first = Number(from.slice(0, 4));
  const last = Number(to.slice(0, 4));
  const all: PublicHoliday[] = [];
  for (let year = first; year <= last; year++) all.push(...publicHolidays(year));
  return all.filter((holiday) => holiday.date >= from && holiday.date <= to);
}
