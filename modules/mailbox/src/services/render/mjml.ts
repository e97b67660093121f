// mjml ships no types; the declaration must reach every program that loads this file (the web typechecks ./types).
// eslint-disable-next-line @typescript-eslint/triple-slash-reference
/// <reference path="./mjml.d.ts" />
import mjml2html from 'mjml';
import { assetPath, fontStylesheet, socialIcon } from './assets.js';
import {
  escapeHtml, layouts,
  type Block, type ColumnWidget, type Font, type HeroBlock, type SectionBlock, type TemplateContent, type WrapperBlock,
} from '../../validation/index.js';

/**
 * The one renderer of mail templates: the content tree → MJML → HTML (mjml 5, on the server). The preview a person
 * sees and the message the mass e-mail sends both come from here. Every text of the tree is HTML-escaped and every
 * attribute value too; addresses were checked to be http(s) by the schema; merge tags (`{{firstName}}`) pass through
 * literally, for the sender to fill per recipient.
 */

/** System fonts with their fallbacks; names unquoted (valid CSS), so no quote ever reaches an attribute. */
const fontStacks: Record<Font, string> = {
  Arial: 'Arial, Helvetica, sans-serif',
  Tahoma: 'Tahoma, Geneva, sans-serif',
  Verdana: 'Verdana, Geneva, sans-serif',
  'Times New Roman': 'Times New Roman, Times, serif',
  'Courier New': 'Courier New, Courier, monospace',
  Georgia: 'Georgia, serif',
  Lato: 'Lato, Helvetica, Arial, sans-serif',
  Montserrat: 'Montserrat, Helvetica, Arial, sans-serif',
};

const attrs = (values: Record<string, string | number | null | undefined | false>) =>
  Object.entries(values)
    .filter(([, value]) => value !== null && value !== undefined && value !== false && value !== '')
    .map(([name, value]) => ` ${name}="${escapeHtml(String(value))}"`)
    .join('');

/** Plain text as HTML: escaped, line breaks kept. */
const paragraphs = (text: string) => escapeHtml(text).replace(/\r?\n/g, '<br />');

function widget(w: ColumnWidget, base: string): string {
  switch (w.type) {
    case 'text':
      return `<mj-text${attrs({
        'font-size': `${w.fontSize}px`, color: w.color, align: w.align, 'line-height': '1.5',
        'font-family': w.font ? fontStacks[w.font] : null, 'font-weight': w.bold ? 'bold' : null, 'font-style': w.italic ? 'italic' : null,
      })}>${paragraphs(w.text)}</mj-text>`;
    case 'image':
      return `<mj-image${attrs({ src: w.src, alt: w.alt, href: w.href, width: w.width ? `${w.width}px` : null, align: w.align })} />`;
    case 'button':
      return `<mj-button${attrs({
        href: w.href, 'background-color': w.backgroundColor, color: w.color, align: w.align, 'font-size': `${w.fontSize}px`, 'border-radius': `${w.borderRadius}px`,
      })}>${escapeHtml(w.label)}</mj-button>`;
    case 'social':
      return `<mj-social${attrs({ align: w.align, mode: 'horizontal', 'icon-size': '24px' })}>${w.networks
        // The app's own icon: mjml's default is loaded from a third party's server.
        .map((n) => `<mj-social-element${attrs({ name: n.network, href: n.href, src: `${base}${assetPath(socialIcon(n.network))}` })}></mj-social-element>`)
        .join('')}</mj-social>`;
    case 'divider':
      return `<mj-divider${attrs({ 'border-color': w.color, 'border-width': `${w.thickness}px`, width: `${w.widthPercent}%` })} />`;
    case 'spacer':
      return `<mj-spacer${attrs({ height: `${w.height}px` })} />`;
  }
}

function section(s: SectionBlock, base: string): string {
  const widths = layouts[s.layout];
  const columns = s.columns.map((column, i) => `<mj-column${attrs({ width: `${widths[i]}%` })}>${column.widgets.map((w) => widget(w, base)).join('')}</mj-column>`);
  return `<mj-section${attrs({ 'background-color': s.backgroundColor })}>${columns.join('')}</mj-section>`;
}

function hero(h: HeroBlock): string {
  const inner = [
    h.title ? `<mj-text${attrs({ color: h.color, align: 'center', 'font-size': '32px', 'font-weight': 'bold', 'line-height': '1.2' })}>${paragraphs(h.title)}</mj-text>` : '',
    h.text ? `<mj-text${attrs({ color: h.color, align: 'center', 'font-size': '16px', 'line-height': '1.5' })}>${paragraphs(h.text)}</mj-text>` : '',
    h.buttonLabel && h.buttonHref ? `<mj-button${attrs({ href: h.buttonHref, 'background-color': h.color, color: h.backgroundColor, align: 'center' })}>${escapeHtml(h.buttonLabel)}</mj-button>` : '',
  ].join('');
  return `<mj-hero${attrs({
    mode: 'fixed-height', height: `${h.height}px`, 'background-color': h.backgroundColor, 'background-url': h.backgroundUrl,
    'background-position': 'center center', 'vertical-align': 'middle', padding: '40px 20px',
  })}>${inner}</mj-hero>`;
}

function wrapper(w: WrapperBlock, base: string): string {
  return `<mj-wrapper${attrs({
    'background-color': w.backgroundColor, border: w.borderColor ? `1px solid ${w.borderColor}` : null, padding: `${w.padding}px`,
  })}>${w.sections.map((s) => section(s, base)).join('')}</mj-wrapper>`;
}

const block = (b: Block, base: string) => (b.type === 'section' ? section(b, base) : b.type === 'hero' ? hero(b) : wrapper(b, base));

export interface TemplateMeta {
  subject: string;
  subTitle: string;
  /** The app's public address (PUBLIC_URL): icons and fonts are loaded from it, never from a third party. */
  assetBase: string;
}

/** The tree as an MJML document: the subject as title, the sub-title as the inbox preview line, the font for all. */
export function toMjml(content: TemplateContent, meta: TemplateMeta): string {
  const stylesheet = fontStylesheet(content.font);
  const head = [
    `<mj-title>${escapeHtml(meta.subject)}</mj-title>`,
    meta.subTitle ? `<mj-preview>${escapeHtml(meta.subTitle)}</mj-preview>` : '',
    stylesheet ? `<mj-font${attrs({ name: content.font, href: `${meta.assetBase}${assetPath(stylesheet)}` })} />` : '',
    `<mj-attributes><mj-all${attrs({ 'font-family': fontStacks[content.font] })} /></mj-attributes>`,
  ].join('');
  // Sections without a colour of their own take the content background (wrappers and heroes keep theirs).
  const body = content.blocks
    .map((b) => block(b.type === 'section' && !b.backgroundColor ? { ...b, backgroundColor: content.contentBackgroundColor } : b, meta.assetBase))
    .join('\n');
  return `<mjml><mj-head>${head}</mj-head><mj-body${attrs({ 'background-color': content.backgroundColor, width: `${content.width}px` })}>\n${body}\n</mj-body></mjml>`;
}

export interface Compiled {
  mjml: string;
  html: string;
  text: string;
  /** mjml's own complaints (none for a tree the schema accepted; tests assert it). */
  errors: string[];
}

/** The plain-text part of the message: the texts, buttons and links of the tree, top to bottom. */
export function toText(content: TemplateContent): string {
  const lines: string[] = [];
  const ofWidget = (w: ColumnWidget) => {
    if (w.type === 'text' && w.text.trim()) lines.push(w.text.trim());
    if (w.type === 'button') lines.push(`${w.label}: ${w.href}`);
    if (w.type === 'image' && w.alt) lines.push(w.href ? `${w.alt}: ${w.href}` : w.alt);
    if (w.type === 'social') lines.push(w.networks.map((n) => n.href).join(' · '));
    if (w.type === 'divider') lines.push('—'.repeat(20));
  };
  const ofSection = (s: SectionBlock) => s.columns.forEach((c) => c.widgets.forEach(ofWidget));
  for (const b of content.blocks) {
    if (b.type === 'section') ofSection(b);
    else if (b.type === 'wrapper') b.sections.forEach(ofSection);
    else {
      if (b.title) lines.push(b.title);
      if (b.text) lines.push(b.text);
      if (b.buttonLabel && b.buttonHref) lines.push(`${b.buttonLabel}: ${b.buttonHref}`);
    }
  }
  return `${lines.join('\n\n')}\n`;
}

/** Compiles a validated tree: MJML, the HTML mjml 5 makes of it, and the text part. */
export async function compileTemplate(content: TemplateContent, meta: TemplateMeta): Promise<Compiled> {
  const mjml = toMjml(content, meta);
  const result = await mjml2html(mjml, { validationLevel: 'soft', keepComments: false });
  return { mjml, html: result.html, text: toText(content), errors: result.errors.map((e) => e.formattedMessage ?? e.message) };
}
