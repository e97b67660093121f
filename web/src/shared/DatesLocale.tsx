import type { ReactNode } from 'react';
import { DatesProvider } from '@mantine/dates';
import 'dayjs/locale/fr';
import { useLanguage } from '../language';

/**
 * The page language for every date and time picker (day and month names, Monday first in French). Its own
 * file so the first load gets only the provider: the pickers come with the pages that use them.
 */
export function DatesLocale({ children }: { children: ReactNode }) {
  const language = useLanguage();
  return <DatesProvider settings={{ locale: language, firstDayOfWeek: language === 'fr' ? 1 : 0 }}>{children}</DatesProvider>;
}
