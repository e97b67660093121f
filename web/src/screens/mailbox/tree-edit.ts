// Pure edits of the content tree the builder makes (immutable: each returns a new tree).
import {
  layouts, newBlock, newColumnWidget, newSection,
  type Block, type BlockWidgetType, type ColumnWidget, type ColumnWidgetType, type LayoutId, type SectionBlock, type TemplateContent,
} from '@alterna/mailbox/validation';

/** Where something sits: a block, a section inside a wrapper, a column and a widget of it. */
export interface Selection {
  block: number;
  /** The section's index inside a wrapper block. */
  inner?: number;
  column?: number;
  widget?: number;
}

const clone = <T>(value: T): T => structuredClone(value);

/** The section a selection points into (a section block, or a wrapper's section), or null. */
export function sectionAt(content: TemplateContent, at: Selection | null): SectionBlock | null {
  if (!at) return null;
  const block = content.blocks[at.block];
  if (!block) return null;
  if (block.type === 'section') return block;
  if (block.type === 'wrapper' && at.inner !== undefined) return block.sections[at.inner] ?? null;
  return null;
}

export function widgetAt(content: TemplateContent, at: Selection | null): ColumnWidget | null {
  if (at?.column === undefined || at.widget === undefined) return null;
  return sectionAt(content, at)?.columns[at.column]?.widgets[at.widget] ?? null;
}

/** A column widget added to the selected column (or the first column of the last section; a new section if none). */
export function addWidget(content: TemplateContent, type: ColumnWidgetType, at: Selection | null): { content: TemplateContent; at: Selection } {
  const next = clone(content);
  let target: Selection | null = at && sectionAt(next, at) ? { ...at, column: at.column ?? 0 } : null;
  if (!target) {
    const last = next.blocks.map((b, i) => ({ b, i })).filter(({ b }) => b.type === 'section').at(-1);
    if (last) target = { block: last.i, column: 0 };
    else {
      next.blocks.push(newSection());
      target = { block: next.blocks.length - 1, column: 0 };
    }
  }
  const column = sectionAt(next, target)!.columns[target.column!]!;
  column.widgets.push(newColumnWidget(type));
  return { content: next, at: { ...target, widget: column.widgets.length - 1 } };
}

/** A section of that layout, or a hero or wrapper block, added after the selected block (or at the end). */
export function addBlock(content: TemplateContent, kind: LayoutId | BlockWidgetType, at: Selection | null): { content: TemplateContent; at: Selection } {
  const next = clone(content);
  const block: Block = kind === 'hero' || kind === 'wrapper' ? newBlock(kind) : newSection(kind);
  const index = at ? at.block + 1 : next.blocks.length;
  next.blocks.splice(index, 0, block);
  return { content: next, at: { block: index } };
}

/** Moves the selected widget, or block, one step up (-1) or down (+1). */
export function move(content: TemplateContent, at: Selection, step: -1 | 1): { content: TemplateContent; at: Selection } {
  const next = clone(content);
  if (at.widget !== undefined && at.column !== undefined) {
    const widgets = sectionAt(next, at)!.columns[at.column]!.widgets;
    const to = at.widget + step;
    if (to < 0 || to >= widgets.length) return { content, at };
    [widgets[at.widget], widgets[to]] = [widgets[to]!, widgets[at.widget]!];
    return { content: next, at: { ...at, widget: to } };
  }
  if (at.inner !== undefined) {
    const sections = (next.blocks[at.block] as Extract<Block, { type: 'wrapper' }>).sections;
    const to = at.inner + step;
    if (to < 0 || to >= sections.length) return { content, at };
    [sections[at.inner], sections[to]] = [sections[to]!, sections[at.inner]!];
    return { content: next, at: { block: at.block, inner: to } };
  }
  const to = at.block + step;
  if (to < 0 || to >= next.blocks.length) return { content, at };
  [next.blocks[at.block], next.blocks[to]] = [next.blocks[to]!, next.blocks[at.block]!];
  return { content: next, at: { block: to } };
}

/** Removes the selected widget, wrapper section or block. */
export function remove(content: TemplateContent, at: Selection): TemplateContent {
  const next = clone(content);
  if (at.widget !== undefined && at.column !== undefined) sectionAt(next, at)!.columns[at.column]!.widgets.splice(at.widget, 1);
  else if (at.inner !== undefined) (next.blocks[at.block] as Extract<Block, { type: 'wrapper' }>).sections.splice(at.inner, 1);
  else next.blocks.splice(at.block, 1);
  return next;
}

/** Replaces the selected widget or block by `value` (the settings panel's edits). */
export function replace(content: TemplateContent, at: Selection, value: ColumnWidget | Block): TemplateContent {
  const next = clone(content);
  if (at.widget !== undefined && at.column !== undefined) sectionAt(next, at)!.columns[at.column]!.widgets[at.widget] = value as ColumnWidget;
  else if (at.inner !== undefined) (next.blocks[at.block] as Extract<Block, { type: 'wrapper' }>).sections[at.inner] = value as SectionBlock;
  else next.blocks[at.block] = value as Block;
  return next;
}

/** A section given another layout: its widgets keep their columns, the extra columns' widgets go to the last one. */
export function relayout(section: SectionBlock, layout: LayoutId): SectionBlock {
  const count = layouts[layout].length;
  const columns = Array.from({ length: count }, (_, i) => ({ widgets: [...(section.columns[i]?.widgets ?? [])] }));
  for (const extra of section.columns.slice(count)) columns[count - 1]!.widgets.push(...extra.widgets);
  return { ...section, layout, columns };
}
