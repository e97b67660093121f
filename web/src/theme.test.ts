import { DEFAULT_THEME, defaultCssVariablesResolver, defaultVariantColorsResolver, mergeMantineTheme } from '@mantine/core';
import { describe, expect, it } from 'vitest';
import { cssVariablesResolver, theme } from './theme';

// WCAG AA asks 4.5:1 for text (a badge's label is small text). The light scheme's colours are computed here as
// Mantine writes them (its CSS variables, then ours), for every palette, in every variant a badge or a button
// draws, at rest and hovered, on each surface it sits on: the page and cards (white), a table's stripes
// (gray 0), a hovered row or a greyed card (gray 1). axe judges the pages the walk opens; this judges every
// colour, including those no page happens to show today.

const merged = mergeMantineTheme(DEFAULT_THEME, theme);
const variables: Record<string, string> = (() => {
  const base = defaultCssVariablesResolver(merged);
  const ours = cssVariablesResolver(merged);
  return { ...base.variables, ...base.light, ...ours.variables, ...ours.light };
})();

type Rgba = [number, number, number, number];

/** A CSS colour as Mantine writes it (#hex, rgba(), var(--…)), resolved through the variables. */
function parse(value: string): Rgba {
  const text = value.trim();
  const reference = /^var\((--[\w-]+)\)$/.exec(text);
  if (reference) {
    const resolved = variables[reference[1]!];
    if (!resolved) throw new Error(`no CSS variable ${reference[1]}`);
    return parse(resolved);
  }
  if (text === 'transparent') return [0, 0, 0, 0];
  const hex = /^#([0-9a-f]{6})$/i.exec(text);
  if (hex) return [0, 2, 4].map((i) => parseInt(hex[1]!.slice(i, i + 2), 16)).concat(1) as Rgba;
  const short = /^#([0-9a-f]{3})$/i.exec(text);
  if (short) return [...short[1]!].map((c) => parseInt(c + c, 16)).concat(1) as Rgba;
  const rgba = /^rgba?\(([^)]+)\)$/.exec(text);
  if (rgba) {
    const [r, g, b, a = '1'] = rgba[1]!.split(',').map((part) => part.trim());
    return [Number(r), Number(g), Number(b), Number(a)];
  }
  throw new Error(`colour not understood: ${text}`);
}

/** `top` over an opaque `under`. */
const over = (top: Rgba, under: Rgba): Rgba => [0, 1, 2].map((i) => top[i]! * top[3] + under[i]! * (1 - top[3])).concat(1) as Rgba;

const luminance = ([r, g, b]: Rgba) => {
  const channel = (v: number) => ((v /= 255) <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4);
  return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b);
};

/** The contrast of text `fg` on `bg`, both laid over the surface. */
function contrast(fg: string, bg: string, surface: string): number {
  const ground = over(parse(bg), parse(surface));
  const [a, b] = [luminance(over(parse(fg), ground)), luminance(ground)].sort((x, y) => y - x);
  return Math.round(((a! + 0.05) / (b! + 0.05)) * 100) / 100;
}

const surfaces = { white: 'var(--mantine-color-white)', stripe: 'var(--mantine-color-gray-0)', hover: 'var(--mantine-color-gray-1)' };
const variants = ['light', 'filled', 'outline', 'subtle', 'transparent', 'white', 'default'] as const;

describe('the light scheme at WCAG AA', () => {
  it('gives every palette 4.5:1 in every badge and button variant, at rest and hovered, on every surface', () => {
    const failing: string[] = [];
    for (const color of Object.keys(merged.colors)) {
      for (const variant of variants) {
        const drawn = defaultVariantColorsResolver({ color, theme: merged, variant, autoContrast: false });
        const states = { rest: drawn.background!, hovered: drawn.hover ?? drawn.background! };
        for (const [state, background] of Object.entries(states)) {
          for (const [name, surface] of Object.entries(surfaces)) {
            const ratio = contrast(drawn.color!, background, surface);
            if (ratio < 4.5) failing.push(`${color} ${variant} ${state} on ${name}: ${ratio}`);
          }
        }
      }
    }
    expect(failing).toEqual([]);
  });

  it('gives dimmed text, placeholders and links 4.5:1 on every surface', () => {
    const failing: string[] = [];
    for (const text of ['dimmed', 'placeholder', 'anchor']) {
      for (const [name, surface] of Object.entries(surfaces)) {
        const ratio = contrast(`var(--mantine-color-${text})`, 'transparent', surface);
        if (ratio < 4.5) failing.push(`${text} on ${name}: ${ratio}`);
      }
    }
    expect(failing).toEqual([]);
  });
});

describe('the screens', () => {
  it('never fade content with opacity (axe and readers see the faded colours; dim with the theme’s dimmed colour)', () => {
    // Every source of the web client, read as text (Vite's glob).
    const sources = import.meta.glob(['./**/*.{ts,tsx,css}', '!./**/*.test.ts'], { query: '?raw', import: 'default', eager: true }) as Record<string, string>;
    expect(Object.keys(sources).length).toBeGreaterThan(100);
    const fading = Object.entries(sources).flatMap(([file, text]) =>
      text.split('\n').flatMap((line, i) => (/\bopacity\s*[:=]/i.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(fading).toEqual([]);
  });
});
