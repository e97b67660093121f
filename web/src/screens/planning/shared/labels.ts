import type { TFunction } from 'i18next';
import { cancellationTypes, lessonTypes, remoteModes } from '@alterna/planning/types';
import { formatPersonOption } from '../../../shared/options';

export { cancellationTypes, lessonTypes, remoteModes };

/** Select data of the lesson enums, labelled in the interface language. */
export const lessonTypeData = (t: TFunction) => lessonTypes.map((value) => ({ value, label: t(`planning.resources.lessonTypes.${value}`) }));
export const remoteData = (t: TFunction) => remoteModes.map((value) => ({ value, label: t(`planning.calendar.remote.${value}`) }));
export const cancellationData = (t: TFunction) => cancellationTypes.map((value) => ({ value, label: t(`planning.calendar.cancellation.${value}`) }));

/** 'Dupont Jean' (SPEC person option). */
export const personLabel = (person: { firstName: string; lastName: string }) => formatPersonOption(person);

/** Black or white, whichever reads better on a background colour (#RRGGBB). */
export function textOn(background: string | null | undefined): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(background ?? '')?.[1];
  if (!hex) return '#1a1b1e';
  const [r, g, b] = [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16) / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  const luminance = 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
  return luminance > 0.45 ? '#1a1b1e' : '#ffffff';
}
