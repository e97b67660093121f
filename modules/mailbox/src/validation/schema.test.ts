import { describe, expect, it } from 'vitest';
import { type SectionBlock, emptyContent, fonts, modeViolations, newBlock, newColumnWidget, newSection, templateSchema, isWebUrl } from './index.js';

const errorsOf = async (value: unknown) => {
  try {
    await templateSchema.validate(value, { abortEarly: false, stripUnknown: true });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; errors: unknown[] }[] }).inner.map((e) => ({ path: e.path, message: (e.errors[0] as { key?: string })?.key ?? e.errors[0] }));
  }
};

describe('mail template schema', () => {
  it('accepts a tree of every widget in template mode', async () => {
    const content = emptyContent('template');
    const section = newSection('33-33-33');
    section.columns[0]!.widgets.push({ ...newColumnWidget('text'), text: 'Bonjour {{firstName}}' } as never);
    section.columns[1]!.widgets.push({ ...newColumnWidget('image'), src: 'https://a.example/x.png' } as never, newColumnWidget('divider'), newColumnWidget('spacer'));
    section.columns[2]!.widgets.push({ ...newColumnWidget('button'), href: 'https://a.example' } as never, newColumnWidget('social'));
    content.blocks.push(section, newBlock('hero'), newBlock('wrapper'));
    expect(await errorsOf({ subject: 'S', subTitle: '', content })).toEqual([]);
  });

  it('refuses unknown widgets, bad sizes, colours and non-http addresses, with their paths', async () => {
    const content = emptyContent('template');
    (content.blocks[0] as SectionBlock).columns[0]!.widgets.push(
      { id: 'a', type: 'iframe' } as never,
      { ...newColumnWidget('text'), fontSize: 500, color: 'red' } as never,
      { ...newColumnWidget('button'), href: 'javascript:alert(1)' } as never,
      { ...newColumnWidget('image'), src: 'data:image/png;base64,AAAA' } as never,
    );
    content.blocks.push({ ...newSection('50-50'), columns: [{ widgets: [] }] } as never, { id: 'x', type: 'marquee' } as never);
    const errors = await errorsOf({ subject: '', content: { ...content, font: 'Comic Sans' } });
    const w = 'content.blocks[0].columns[0].widgets';
    expect(errors).toEqual(expect.arrayContaining([
      { path: 'subject', message: 'mailbox.validation.subject' },
      { path: 'content.font', message: 'mailbox.validation.font' },
      { path: `${w}[0].type`, message: 'mailbox.validation.widget' },
      { path: `${w}[1].fontSize`, message: 'mailbox.validation.between' },
      { path: `${w}[1].color`, message: 'mailbox.validation.color' },
      { path: `${w}[2].href`, message: 'mailbox.validation.url' },
      { path: `${w}[3].src`, message: 'mailbox.validation.url' },
      { path: 'content.blocks[1].columns', message: 'mailbox.validation.columns' },
      { path: 'content.blocks[2].type', message: 'mailbox.validation.widget' },
    ]));
  });

  it('keeps each mode to its widgets and layouts (SPEC §9)', () => {
    const content = emptyContent('minimal');
    (content.blocks[0] as SectionBlock).columns[0]!.widgets.push(newColumnWidget('text'), newColumnWidget('button'));
    expect(modeViolations(content)).toEqual([{ path: 'content.blocks[0].columns[0].widgets[1].type', key: 'mailbox.validation.notInMode' }]);
    expect(modeViolations({ ...content, mode: 'email' })).toEqual([]);
    expect(modeViolations({ mode: 'email', blocks: [newSection('50-50'), newBlock('hero')] })).toEqual([
      { path: 'content.blocks[0].layout', key: 'mailbox.validation.layoutNotInMode' },
      { path: 'content.blocks[1].type', key: 'mailbox.validation.notInMode' },
    ]);
    expect(modeViolations({ mode: 'template', blocks: [newSection('25-25-25-25'), newBlock('hero'), newBlock('wrapper')] })).toEqual([]);
  });

  it('lists the SPEC fonts and takes only http(s) addresses', () => {
    expect(fonts).toEqual(['Arial', 'Tahoma', 'Verdana', 'Times New Roman', 'Courier New', 'Georgia', 'Lato', 'Montserrat']);
    expect(isWebUrl('https://a.example/?e={{email}}')).toBe(true);
    for (const bad of ['javascript:alert(1)', '//a.example', '/relative', 'ftp://a.example', 'https://', 'data:text/html,x']) expect(isWebUrl(bad), bad).toBe(false);
  });
});
