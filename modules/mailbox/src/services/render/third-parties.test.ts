import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { seedMailbox } from '../../seed.js';
import type { MailboxServices } from '../index.js';
import { columnWidgetTypes, fonts, newBlock, newColumnWidget, newSection, socialNetworks, type Block, type TemplateContent, type WrapperBlock } from '../../validation/index.js';
import { assets } from './assets.js';
import { compileTemplate } from './mjml.js';

// Issue #24: a template's HTML makes every recipient's mail client load what it names; none of it may come from a
// third party (Google Fonts, Mailjet's icons): only the app's own address, and the images the sender put in.
const app = 'https://alterna.example';
const meta = { subject: 'S', subTitle: 'T', assetBase: app };

/** Every address the HTML makes a client load: src, background, stylesheets, @import and url(). */
function loads(html: string): string[] {
  const found = [
    ...html.matchAll(/\s(?:src|background)="([^"]+)"/gi),
    ...html.matchAll(/<link[^>]*href="([^"]+)"/gi),
    ...html.matchAll(/@import\s+url\(\s*['"]?([^'")\s]+)/gi),
    ...html.matchAll(/url\(\s*['"]?([^'")\s]+)/gi),
  ].map((match) => match[1]!);
  return [...new Set(found)];
}

const everything = (font: TemplateContent['font']): TemplateContent => {
  const widgets = columnWidgetTypes.map((type) => newColumnWidget(type));
  for (const w of widgets) {
    if (w.type === 'image') w.src = `${app}/api/mailbox/mail-templates/images/abc`;
    if (w.type === 'social') w.networks = socialNetworks.map((network) => ({ network, href: `https://${network}.example/alterna` }));
  }
  const section = { ...newSection(), columns: [{ widgets }] };
  const blocks: Block[] = [section, newBlock('hero'), { ...(newBlock('wrapper') as WrapperBlock), sections: [section] }];
  return { mode: 'template', font, backgroundColor: '#f4f4f4', contentBackgroundColor: '#ffffff', width: 600, blocks };
};

describe('what a template makes a mail client load', () => {
  it('every widget, every font: only the app’s own addresses, each one an asset it serves', async () => {
    for (const font of fonts) {
      const { html, errors } = await compileTemplate(everything(font), meta);
      expect(errors).toEqual([]);
      const addresses = loads(html);
      expect(addresses.filter((address) => !address.startsWith(`${app}/`))).toEqual([]);
      expect(html).not.toMatch(/googleapis|gstatic|mailjet/i);
      for (const address of addresses.filter((a) => a.includes('/assets/'))) expect(assets.has(address.split('/').pop()!)).toBe(true);
      if (font === 'Lato' || font === 'Montserrat') expect(addresses.some((a) => a.endsWith(`font-${font.toLowerCase()}.css`))).toBe(true);
      // The system fonts stay behind the web font.
      expect(html).toMatch(/font-family:\s*(?:Arial|Tahoma|Verdana|Times New Roman|Courier New|Georgia|Lato, Helvetica|Montserrat, Helvetica)[^;"]*(?:sans-serif|serif|monospace)/);
    }
    for (const network of socialNetworks) {
      const { html } = await compileTemplate(everything('Arial'), meta);
      expect(html).toContain(`${app}/api/mailbox/mail-templates/assets/social-${network}.png`);
    }
  });

  it('the demo templates too', async () => {
    const seeded: { content: TemplateContent }[] = [];
    await seedMailbox({ templates: { seed: async (input: { content: TemplateContent }) => void seeded.push(input) } } as unknown as MailboxServices, null as never);
    expect(seeded.length).toBeGreaterThan(2);
    for (const { content } of seeded) {
      const { html } = await compileTemplate(content, meta);
      expect(loads(html).filter((address) => !address.startsWith(`${app}/`))).toEqual([]);
    }
  });

  it('every asset is a file of the repository or of an installed package, and each font stylesheet names only its own files', () => {
    for (const [name, asset] of assets) {
      if (asset.file) expect(fs.statSync(asset.file).size, name).toBeGreaterThan(100);
      for (const [, file] of asset.text?.matchAll(/url\(([^)]+)\)/g) ?? []) expect(assets.has(file!), file).toBe(true);
    }
  });
});
