import { createTheme, mergeThemeOverrides, type CSSVariablesResolver, type MantineThemeOverride } from '@mantine/core';
import type { TFunction } from 'i18next';

export const theme = createTheme({
  primaryColor: 'indigo',
  primaryShade: { light: 7, dark: 5 },
  defaultRadius: 'md',
  fontFamily:
    'Inter, ui-sans-serif, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
});

/**
 * Mantine's light palettes give small text too little contrast (WCAG AA asks 4.5:1): the light variant's text
 * (color 9 on color 1: a yellow badge is 2.7:1), white on the filled colour (green 2.8:1), `c="orange"` text on
 * white, an outline badge on a table's stripe (pink 4.4:1), a hovered light button (indigo 9 on indigo 2,
 * 4.1:1). These darker values keep 4.5:1 on white, the table stripes, a hovered row and the light tints, at
 * rest and hovered; the outline is the filled colour unless given. `theme.test.ts` checks every palette in
 * every variant: a palette missing here is one that already does.
 */
const readable: Record<string, { light?: string; filled?: string; hover?: string; outline?: string }> = {
  red: { light: '#b12525', filled: '#c03232', hover: '#ad2d2d' },
  blue: { light: '#165c9d', filled: '#186ab4', hover: '#165fa2' },
  cyan: { light: '#0a697a', filled: '#0c7483', hover: '#0b6876' },
  teal: { light: '#077252', filled: '#097b59', hover: '#086f50' },
  green: { light: '#247434', filled: '#257934', hover: '#216d2f' },
  lime: { light: '#4a760a', filled: '#4b770f', hover: '#456d0e' },
  yellow: { light: '#a15300', filled: '#936000', hover: '#895900' },
  orange: { light: '#ae3a0c', filled: '#b24a05', hover: '#a04305' },
  pink: { outline: '#c12e61' },
  grape: { outline: '#a039b9' },
  violet: { light: '#5939b8' },
  indigo: { light: '#3249b7', outline: '#3e5ddd' },
};

/**
 * Colours of the light scheme read at WCAG AA: the palettes above; dimmed text (Mantine's gray 6 is 3.3:1 on
 * white) and placeholders (gray 5, also on a hovered row's gray 1) a darker gray; links indigo 8 (indigo 7 is
 * 4.5:1 on the table stripes only just not).
 */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: {
    '--mantine-color-dimmed': '#666d75',
    '--mantine-color-placeholder': '#676d7b',
    '--mantine-color-anchor': 'var(--mantine-color-indigo-8)',
    ...Object.fromEntries(
      Object.entries(readable).flatMap(([name, { light, filled, hover, outline = filled }]) =>
        ([['light-color', light], ['filled', filled], ['filled-hover', hover], ['outline', outline]] as const)
          .filter(([, value]) => value)
          .map(([part, value]) => [`--mantine-color-${name}-${part}`, value!]),
      ),
    ),
  },
  dark: {},
});

/**
 * The theme in the page's language: Mantine's icon-only buttons (the × of a clearable field, of a dialog, of an
 * alert) get a name screen readers announce, in that language.
 */
export function themeIn(t: TFunction): MantineThemeOverride {
  return mergeThemeOverrides(theme, {
    components: {
      InputClearButton: { defaultProps: { 'aria-label': t('form.clear') } },
      CloseButton: { defaultProps: { 'aria-label': t('dialog.close') } },
      // A dialog's title bar is a <header>: without a role it counts as a second banner of the page beside the app's.
      Modal: { defaultProps: { attributes: { header: { role: 'presentation' } } } },
    },
  });
}
