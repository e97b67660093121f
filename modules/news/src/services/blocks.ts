import { sanitizeHtml, type HtmlPolicy } from '@alterna/core';
import { isWebAddress, newsBlockTypes, newsImageId, newsImagePath, type NewsBlockType } from '../validation/rules.js';

// Editor.js does not sanitise: every block's HTML fragment is cleaned here when a news item is saved, and the HTML
// made from the blocks is cleaned again when it is rendered, so neither a crafted request nor a stored row from an
// older rule can reach a reader's page with a script. The cleaning is the core's sanitiser (mass e-mail uses it too).

const maxText = 20_000;
const maxListDepth = 5;

/** Inline formatting Editor.js's tools produce (bold, italic, inline code, marker, links, line breaks). */
const inlinePolicy: HtmlPolicy = {
  tags: ['b', 'strong', 'i', 'em', 'u', 's', 'mark', 'code', 'a', 'br'],
  attributes: { a: ['href'] },
};

/** What a rendered page may hold: the blocks' elements, our own images only, links opened apart from our page. */
const renderPolicy: HtmlPolicy = {
  tags: ['p', 'h2', 'h3', 'h4', 'ul', 'ol', 'li', 'figure', 'figcaption', 'img', 'a', 'b', 'strong', 'i', 'em', 'u', 's', 'mark', 'code', 'br', 'span'],
  attributes: { a: ['href', 'rel', 'target', 'class'], img: ['src', 'alt'], span: ['class'], li: ['class'], figure: ['class'] },
  // An image is one of ours (a path of this site) or nothing.
  image: (src) => !!newsImageId(src),
  linksApart: true,
};

/** A block's inline HTML, cleaned. */
export const cleanInline = (value: unknown): string => sanitizeHtml(typeof value === 'string' ? value.slice(0, maxText) : '', inlinePolicy).trim();
/** The entities sanitize-html writes into text, back to characters (the text is escaped once, when rendered). */
const unescapeText = (text: string) => text.replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&');
/** Text without any markup (captions' alt text, link previews), as characters: escaped when rendered. */
export const plainText = (value: unknown, max = 1000): string =>
  unescapeText(sanitizeHtml(typeof value === 'string' ? value : '', { tags: [] })).replace(/\s+/g, ' ').trim().slice(0, max);
/** Rendered HTML, cleaned with the page policy. */
export const sanitizeRendered = (html: string): string => sanitizeHtml(html, renderPolicy);

export interface ListItem {
  content: string;
  checked?: boolean;
  items: ListItem[];
}

export type CleanBlock =
  | { type: 'paragraph'; data: { text: string } }
  | { type: 'header'; data: { text: string; level: number } }
  | { type: 'list'; data: { style: 'ordered' | 'unordered' | 'checklist'; items: ListItem[] } }
  | { type: 'image'; data: { file: { url: string }; caption: string; withBorder: boolean; withBackground: boolean; stretched: boolean } }
  | { type: 'linkTool'; data: { link: string; meta: { title: string; description: string; image?: { url: string } } } };

export interface BlockProblem {
  index: number;
  key: string;
}

const record = (value: unknown): Record<string, unknown> => (value && typeof value === 'object' && !Array.isArray(value) ? (value as Record<string, unknown>) : {});

function cleanItems(items: unknown, style: string, depth: number): ListItem[] {
  if (!Array.isArray(items) || depth > maxListDepth) return [];
  return items.slice(0, 500).map((item) => {
    // List 1.x sends strings; 2.x objects with content, meta and nested items.
    if (typeof item === 'string') return { content: cleanInline(item), items: [] };
    const value = record(item);
    const meta = record(value.meta);
    return {
      content: cleanInline(value.content),
      ...(style === 'checklist' ? { checked: meta.checked === true } : {}),
      items: cleanItems(value.items, style, depth + 1),
    };
  });
}

/**
 * Checks and cleans the blocks of a page: known types only, each field of its type and nothing else, inline HTML
 * cleaned, images only from our own upload route (their stored file ids are returned), links only http(s).
 */
export function cleanBlocks(blocks: readonly { type: string; data: unknown }[]): { blocks: CleanBlock[]; imageIds: string[]; problems: BlockProblem[] } {
  const clean: CleanBlock[] = [];
  const imageIds: string[] = [];
  const problems: BlockProblem[] = [];
  blocks.forEach((block, index) => {
    const data = record(block.data);
    if (!newsBlockTypes.includes(block.type as NewsBlockType)) {
      problems.push({ index, key: 'news.validation.blockType' });
      return;
    }
    switch (block.type as NewsBlockType) {
      case 'paragraph':
        clean.push({ type: 'paragraph', data: { text: cleanInline(data.text) } });
        break;
      case 'header': {
        const level = Number(data.level);
        clean.push({ type: 'header', data: { text: cleanInline(data.text), level: Number.isInteger(level) ? Math.min(4, Math.max(2, level)) : 2 } });
        break;
      }
      case 'list': {
        const style = data.style === 'ordered' || data.style === 'checklist' ? data.style : 'unordered';
        clean.push({ type: 'list', data: { style, items: cleanItems(data.items, style, 1) } });
        break;
      }
      case 'image': {
        const id = newsImageId(String(record(data.file).url ?? ''));
        if (!id) {
          problems.push({ index, key: 'news.validation.image' });
          return;
        }
        imageIds.push(id);
        clean.push({
          type: 'image',
          data: { file: { url: newsImagePath(id) }, caption: cleanInline(data.caption), withBorder: data.withBorder === true, withBackground: data.withBackground === true, stretched: data.stretched === true },
        });
        break;
      }
      case 'linkTool': {
        const link = typeof data.link === 'string' ? data.link.trim() : '';
        if (!isWebAddress(link)) {
          problems.push({ index, key: 'news.validation.link' });
          return;
        }
        const meta = record(data.meta);
        // The preview image the link tool kept here (one of our image paths), or none: never another site's.
        const imageId = newsImageId(String(record(meta.image).url ?? ''));
        if (imageId) imageIds.push(imageId);
        clean.push({
          type: 'linkTool',
          data: { link, meta: { title: plainText(meta.title, 300), description: plainText(meta.description, 1000), ...(imageId ? { image: { url: newsImagePath(imageId) } } : {}) } },
        });
        break;
      }
    }
  });
  return { blocks: clean, imageIds: [...new Set(imageIds)], problems };
}

const escape = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

function renderItems(items: readonly ListItem[], tag: 'ul' | 'ol', checklist: boolean): string {
  const lis = items.map((item) => {
    const box = checklist ? `<span class="news-check">${item.checked ? '☑' : '☐'}</span> ` : '';
    return `<li>${box}${item.content}${item.items.length ? renderItems(item.items, tag, checklist) : ''}</li>`;
  });
  return `<${tag}>${lis.join('')}</${tag}>`;
}

/** The HTML of a page's blocks, sanitised (whatever the stored blocks hold). */
export function renderBlocks(blocks: readonly { type: string; data: unknown }[]): string {
  const { blocks: clean } = cleanBlocks(blocks);
  const html = clean.map((block) => {
    switch (block.type) {
      case 'paragraph':
        return `<p>${block.data.text}</p>`;
      case 'header':
        return `<h${block.data.level}>${block.data.text}</h${block.data.level}>`;
      case 'list':
        return renderItems(block.data.items, block.data.style === 'ordered' ? 'ol' : 'ul', block.data.style === 'checklist');
      case 'image': {
        const caption = block.data.caption;
        return `<figure><img src="${escape(block.data.file.url)}" alt="${escape(plainText(caption, 300))}">${caption ? `<figcaption>${caption}</figcaption>` : ''}</figure>`;
      }
      case 'linkTool': {
        const { link, meta } = block.data;
        let host = link;
        try {
          host = new URL(link).host;
        } catch {
          // isWebAddress checked it already.
        }
        const image = meta.image ? `<img src="${escape(meta.image.url)}" alt=""> ` : '';
        return `<p><a class="news-link" href="${escape(link)}">${image}<strong>${escape(meta.title || link)}</strong>`
          + `${meta.description ? `<span class="news-link-description"> — ${escape(meta.description)}</span>` : ''} <span class="news-link-host">(${escape(host)})</span></a></p>`;
      }
    }
    return '';
  });
  return sanitizeRendered(html.join('\n'));
}
