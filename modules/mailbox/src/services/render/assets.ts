import { createRequire } from 'node:module';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { socialNetworks, type Font, type SocialNetwork } from '../../validation/index.js';

// What a template's HTML loads besides its own images: the social icons and the web fonts, served by the app (public,
// cacheable) so that no recipient's mail client contacts a third party (issue #24). Files from the repository or from
// packages installed with it; nothing is fetched from the internet.

const require = createRequire(import.meta.url);
const socialDir = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..', '..', 'assets', 'social');

/** The public address of an asset, under the app's address. */
export const assetPath = (name: string) => `/api/mailbox/mail-templates/assets/${name}`;

/** The PNG icon of a network (48×48, shown at 24 px), drawn in modules/mailbox/assets/social. */
export const socialIcon = (network: SocialNetwork) => `social-${network}.png`;

/** The web fonts a template may use (OFL, from @fontsource), and the stylesheet that declares each one. */
const webFontFamilies: Partial<Record<Font, string>> = { Lato: 'lato', Montserrat: 'montserrat' };
export const fontStylesheet = (font: Font): string | null => (webFontFamilies[font] ? `font-${webFontFamilies[font]}.css` : null);

const weights = [400, 700] as const;

export interface Asset { type: string; file?: string; text?: string }

/** Every asset by name: nothing else is served (no path from the request reaches the file system). */
export const assets: ReadonlyMap<string, Asset> = new Map<string, Asset>([
  ...socialNetworks.map((network) => [socialIcon(network), { type: 'image/png', file: path.join(socialDir, `${network}.png`) }] as const),
  ...Object.entries(webFontFamilies).flatMap(([family, id]) => [
    // Relative addresses: a stylesheet's url() is read from the stylesheet's own address.
    [`font-${id}.css`, {
      type: 'text/css; charset=utf-8',
      text: weights.map((weight) => `@font-face { font-family: '${family}'; font-style: normal; font-weight: ${weight}; font-display: swap; `
        + `src: url(${id}-latin-${weight}-normal.woff2) format('woff2'), url(${id}-latin-${weight}-normal.woff) format('woff'); }`).join('\n'),
    }] as const,
    ...weights.flatMap((weight) => (['woff2', 'woff'] as const).map((kind) => [
      `${id}-latin-${weight}-normal.${kind}`, { type: `font/${kind}`, file: require.resolve(`@fontsource/${id}/files/${id}-latin-${weight}-normal.${kind}`) },
    ] as const)),
  ]),
]);
