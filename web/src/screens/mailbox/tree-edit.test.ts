import { describe, expect, it } from 'vitest';
import { emptyContent, newColumnWidget, newSection, type SectionBlock, type TemplateContent } from '@alterna/mailbox/validation';
import { addBlock, addWidget, move, relayout, remove, replace, widgetAt } from './tree-edit';

const texts = (content: TemplateContent) =>
  content.blocks.flatMap((b) => (b.type === 'section' ? b.columns.map((c) => c.widgets.map((w) => (w.type === 'text' ? w.text : w.type))) : [[b.type]]));

describe('builder tree edits', () => {
  it('adds widgets to the selected column, sections after the selected block, and moves and removes them', () => {
    let content = emptyContent('template');
    const first = addWidget(content, 'text', null);
    expect(first.at).toEqual({ block: 0, column: 0, widget: 0 });
    content = replace(first.content, first.at, { ...widgetAt(first.content, first.at)!, text: 'A' } as never);
    const two = addBlock(content, '50-50', { block: 0 });
    expect(two.at).toEqual({ block: 1 });
    const inSecond = addWidget(two.content, 'button', { block: 1, column: 1 });
    expect(inSecond.at).toEqual({ block: 1, column: 1, widget: 0 });
    expect(texts(inSecond.content)).toEqual([['A'], [], ['button']]);
    const hero = addBlock(inSecond.content, 'hero', { block: 0 });
    expect(hero.content.blocks.map((b) => b.type)).toEqual(['section', 'hero', 'section']);
    const down = move(hero.content, { block: 1 }, 1);
    expect(down.content.blocks.map((b) => b.type)).toEqual(['section', 'section', 'hero']);
    expect(move(down.content, { block: 2 }, 1).content).toBe(down.content);
    expect(remove(down.content, { block: 2 }).blocks.map((b) => b.type)).toEqual(['section', 'section']);
    // The original trees are never changed.
    expect(content.blocks).toHaveLength(1);
  });

  it('changes a layout keeping the widgets, the extra columns\' widgets going to the last column', () => {
    const section: SectionBlock = { ...newSection('25-25-25-25') };
    section.columns.forEach((c, i) => c.widgets.push({ ...newColumnWidget('text'), text: `c${i}` } as never));
    const two = relayout(section, '33-67');
    expect(two.columns.map((c) => c.widgets.map((w) => (w.type === 'text' ? w.text : '')))).toEqual([['c0'], ['c1', 'c2', 'c3']]);
    expect(relayout(two, '33-33-33').columns).toHaveLength(3);
  });
});
