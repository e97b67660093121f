import { describe, expect, it } from 'vitest';
import {
  fillMergeTags, layoutIds, layouts, mergeTags, newBlock, newColumnWidget, newSection, columnWidgetTypes,
  type LayoutId, type TemplateContent, type Block,
} from '../../validation/index.js';
import { compileTemplate, toMjml, toText } from './mjml.js';

const meta = { subject: 'Bienvenue', subTitle: 'Votre rentrée', assetBase: 'https://alterna.example' };
const content = (blocks: Block[], extra: Partial<TemplateContent> = {}): TemplateContent => ({
  mode: 'template', font: 'Arial', backgroundColor: '#f4f4f4', contentBackgroundColor: '#ffffff', width: 600, blocks, ...extra,
});
const filled = () => {
  const widgets = columnWidgetTypes.map((type) => newColumnWidget(type));
  for (const w of widgets) {
    if (w.type === 'text') w.text = 'Bonjour {{firstName}} {{lastName}}';
    if (w.type === 'image') w.src = 'https://cdn.example.org/logo.png';
    if (w.type === 'button') Object.assign(w, { label: 'Voir ma formation', href: 'https://alterna.example/?e={{email}}' });
  }
  return widgets;
};

describe('mail template renderer (mjml 5)', () => {
  it('renders each column widget with no mjml error', async () => {
    for (const w of filled()) {
      const section = newSection();
      section.columns[0]!.widgets.push(w);
      const out = await compileTemplate(content([section]), meta);
      expect(out.errors, w.type).toEqual([]);
      expect(out.html, w.type).toMatch(/^<!doctype html>/i);
    }
    const html = (await compileTemplate(content([{ ...newSection(), columns: [{ widgets: filled() }] }]), meta)).html;
    expect(html).toContain('Bonjour {{firstName}} {{lastName}}');
    expect(html).toContain('src="https://cdn.example.org/logo.png"');
    expect(html).toContain('href="https://alterna.example/?e={{email}}"');
    expect(html).toContain('Voir ma formation');
    expect(html).toMatch(/facebook/);
    expect(html).toContain('<title>Bienvenue</title>');
    expect(html).toContain('Votre rentrée');
  });

  it('renders hero and wrapper blocks', async () => {
    const hero = newBlock('hero');
    Object.assign(hero, { title: 'Examens', text: 'Le {{training}} commence', buttonLabel: 'Planning', buttonHref: 'https://alterna.example/planning' });
    const wrapper = newBlock('wrapper');
    const out = await compileTemplate(content([hero, wrapper]), meta);
    expect(out.errors).toEqual([]);
    expect(out.mjml).toContain('<mj-hero');
    expect(out.mjml).toContain('<mj-wrapper');
    expect(out.html).toContain('Le {{training}} commence');
    expect(out.html).toContain('href="https://alterna.example/planning"');
  });

  it('renders every SPEC layout with its column widths', async () => {
    expect(layoutIds).toEqual(['100', '50-50', '33-67', '67-33', '25-75', '75-25', '33-33-33', '25-25-50', '50-25-25', '25-25-25-25']);
    for (const layout of layoutIds as LayoutId[]) {
      const section = newSection(layout);
      section.columns.forEach((column, i) => column.widgets.push({ ...newColumnWidget('text'), text: `col ${i}` } as never));
      const out = await compileTemplate(content([section]), meta);
      expect(out.errors, layout).toEqual([]);
      const widths = [...out.mjml.matchAll(/<mj-column width="([\d.]+)%"/g)].map((m) => Number(m[1]));
      expect(widths, layout).toEqual([...layouts[layout]]);
      expect(Math.round(widths.reduce((a, b) => a + b, 0)), layout).toBe(100);
      for (let i = 0; i < widths.length; i += 1) expect(out.html).toContain(`col ${i}`);
    }
  });

  it('escapes text and attributes: no markup or script gets into the e-mail', async () => {
    const section = newSection();
    section.columns[0]!.widgets.push(
      { ...newColumnWidget('text'), text: '<script>alert(1)</script><img src=x onerror=alert(2)> & "quotes"\nnext line' } as never,
      { ...newColumnWidget('button'), label: '</mj-button><mj-raw><script>x()</script></mj-raw>', href: 'https://a.example/"><script>y()</script>' } as never,
      { ...newColumnWidget('image'), src: 'https://a.example/i.png', alt: '" onload="alert(3)' } as never,
    );
    const out = await compileTemplate(content([section]), { ...meta, subject: '</mj-title><script>z()</script>', subTitle: '' });
    expect(out.errors).toEqual([]);
    expect(out.html).not.toMatch(/<script/i);
    expect(out.html).not.toMatch(/<img src=x/i);
    expect(out.html).not.toContain('onload="alert');
    expect(out.html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(out.html).toContain('&amp; &quot;quotes&quot;<br />next line');
  });

  it('uses the chosen font, loading Lato and Montserrat from the app', async () => {
    const section = newSection();
    section.columns[0]!.widgets.push({ ...newColumnWidget('text'), text: 'Bonjour' } as never);
    const out = await compileTemplate(content([section], { font: 'Montserrat' }), meta);
    expect(out.html).toContain('https://alterna.example/api/mailbox/mail-templates/assets/font-montserrat.css');
    expect(out.html).toContain('Montserrat, Helvetica, Arial, sans-serif');
    const times = toMjml(content([newSection()], { font: 'Times New Roman' }), meta);
    expect(times).toContain('font-family="Times New Roman, Times, serif"');
    expect(times).not.toContain('font-times');
    expect(times).not.toContain('<mj-font');
  });

  it('leaves every merge tag literal, and the text part lists texts and links', async () => {
    const section = newSection('50-50');
    section.columns[0]!.widgets.push({ ...newColumnWidget('text'), text: mergeTags.map((tag) => `{{${tag}}}`).join(' ') } as never);
    section.columns[1]!.widgets.push({ ...newColumnWidget('button'), label: 'Go', href: 'https://x.example/{{campus}}' } as never);
    const tree = content([section]);
    const out = await compileTemplate(tree, meta);
    for (const tag of mergeTags) expect(out.html).toContain(`{{${tag}}}`);
    expect(toText(tree)).toBe('{{firstName}} {{lastName}} {{email}} {{training}} {{group}} {{campus}}\n\nGo: https://x.example/{{campus}}\n');
  });
});

describe('fillMergeTags', () => {
  it('fills the tags, escaping the values in HTML, unknown tags empty', () => {
    const values = { firstName: '<b>Zoé</b>', lastName: "O'Neil", campus: 'Paris' };
    expect(fillMergeTags('<p>{{firstName}} {{ lastName }} — {{campus}} {{unknown}}{{group}}</p>', values, 'html'))
      .toBe('<p>&lt;b&gt;Zoé&lt;/b&gt; O&#39;Neil — Paris </p>');
    expect(fillMergeTags('{{firstName}} {{lastName}}', values, 'text')).toBe("<b>Zoé</b> O'Neil");
  });
});
