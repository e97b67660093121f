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

const channels = (hex: string) => [0, 2, 4].map((i) => parseInt(hex.slice(i, i + 2), 16));
const luminanceOf = (rgb: number[]) => {
  const [r, g, b] = rgb.map((c) => c / 255).map((c) => (c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4));
  return 0.2126 * r! + 0.7152 * g! + 0.0722 * b!;
};
// WCAG contrast ratios of white and of the dark text (#1a1b1e, luminance 0.0113) on a background.
const onWhite = (luminance: number) => 1.05 / (luminance + 0.05);
const onDark = (luminance: number) => (luminance + 0.05) / 0.0613;

/** Black or white, whichever reads better on a background colour (#RRGGBB). */
export function textOn(background: string | null | undefined): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(background ?? '')?.[1];
  if (!hex) return '#1a1b1e';
  const luminance = luminanceOf(channels(hex));
  return onWhite(luminance) >= onDark(luminance) ? '#ffffff' : '#1a1b1e';
}

/**
 * A subject's colour as a background small text reads on (4.5:1, WCAG AA): mid-tones that neither white nor
 * black reach it on (a bright blue) are darkened just enough for white; the others are kept as they are.
 */
export function readableBackground(background: string): string {
  const hex = /^#?([0-9a-f]{6})$/i.exec(background)?.[1];
  if (!hex) return background;
  const rgb = channels(hex);
  let factor = 1;
  const at = () => rgb.map((c) => Math.round(c * factor));
  while (factor > 0.3 && Math.max(onWhite(luminanceOf(at())), onDark(luminanceOf(at()))) < 4.5) factor -= 0.02;
  return factor === 1 ? background : `#${at().map((c) => c.toString(16).padStart(2, '0')).join('')}`;
}
