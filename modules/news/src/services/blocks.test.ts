import { describe, expect, it } from 'vitest';
import { cleanBlocks, renderBlocks, sanitizeRendered } from './blocks.js';

const image = '/api/news/images/0b7c5a9e-2d4f-4c1a-9e3b-5f6a7b8c9d0e';

describe('news blocks: cleaned when saved, sanitised when rendered', () => {
  it('keeps inline formatting and drops scripts, handlers and dangerous links', () => {
    const { blocks, problems } = cleanBlocks([
      { type: 'paragraph', data: { text: 'A <b>b</b> <a href="javascript:alert(1)" onclick="x()">c</a> <a href="https://x.org">d</a><script>alert(1)</script><img src=x onerror=alert(1)>', extra: 1 } },
      { type: 'header', data: { text: '<i>T</i><iframe src="https://x.org"></iframe>', level: 1 } },
    ]);
    expect(problems).toEqual([]);
    expect(blocks).toEqual([
      { type: 'paragraph', data: { text: 'A <b>b</b> <a>c</a> <a href="https://x.org">d</a>' } },
      { type: 'header', data: { text: '<i>T</i>', level: 2 } },
    ]);
  });

  it('reports unknown blocks, foreign images and non-web links by index', () => {
    const { problems, imageIds } = cleanBlocks([
      { type: 'raw', data: { html: '<script></script>' } },
      { type: 'image', data: { file: { url: 'https://evil.example/x.png' } } },
      { type: 'image', data: { file: { url: image } } },
      { type: 'linkTool', data: { link: 'javascript:alert(1)', meta: {} } },
    ]);
    expect(problems).toEqual([{ index: 0, key: 'news.validation.blockType' }, { index: 1, key: 'news.validation.image' }, { index: 3, key: 'news.validation.link' }]);
    expect(imageIds).toEqual(['0b7c5a9e-2d4f-4c1a-9e3b-5f6a7b8c9d0e']);
  });

  it('renders lists (nested, checklists, list 1.x), images and link previews', () => {
    const html = renderBlocks([
      { type: 'list', data: { style: 'ordered', items: [{ content: 'un', meta: {}, items: [{ content: 'un.un', meta: {}, items: [] }] }, { content: 'deux', items: [] }] } },
      { type: 'list', data: { style: 'checklist', items: [{ content: 'fait', meta: { checked: true }, items: [] }] } },
      { type: 'list', data: { style: 'unordered', items: ['ancien <b>format</b>'] } },
      { type: 'image', data: { file: { url: image }, caption: 'Le "campus"' } },
      { type: 'linkTool', data: { link: 'https://x.org/p', meta: { title: 'Titre <b>', description: 'Desc', image: { url: 'https://x.org/i.png' } } } },
    ]);
    expect(html).toBe([
      '<ol><li>un<ol><li>un.un</li></ol></li><li>deux</li></ol>',
      '<ul><li><span class="news-check">☑</span> fait</li></ul>',
      '<ul><li>ancien <b>format</b></li></ul>',
      `<figure><img src="${image}" alt="Le &quot;campus&quot;" /><figcaption>Le "campus"</figcaption></figure>`,
      '<p><a class="news-link" href="https://x.org/p" rel="noopener noreferrer nofollow" target="_blank"><strong>Titre</strong><span class="news-link-description"> — Desc</span> <span class="news-link-host">(x.org)</span></a></p>',
    ].join('\n'));
  });

  it('keeps a link preview\'s image only when the link tool stored it here, and counts it among the page\'s images', () => {
    const ours = cleanBlocks([{ type: 'linkTool', data: { link: 'https://x.org/p', meta: { title: 'T', description: '', image: { url: `https://alterna.example${image}` } } } }]);
    expect(ours.imageIds).toEqual(['0b7c5a9e-2d4f-4c1a-9e3b-5f6a7b8c9d0e']);
    expect(ours.blocks[0]).toEqual({ type: 'linkTool', data: { link: 'https://x.org/p', meta: { title: 'T', description: '', image: { url: image } } } });
    expect(renderBlocks(ours.blocks)).toBe(
      `<p><a class="news-link" href="https://x.org/p" rel="noopener noreferrer nofollow" target="_blank"><img src="${image}" alt="" /> <strong>T</strong> <span class="news-link-host">(x.org)</span></a></p>`,
    );
    const foreign = cleanBlocks([{ type: 'linkTool', data: { link: 'https://x.org/p', meta: { title: 'T', image: { url: 'https://x.org/i.png' } } } }]);
    expect(foreign.imageIds).toEqual([]);
    expect(foreign.blocks[0]!.data).toEqual({ link: 'https://x.org/p', meta: { title: 'T', description: '' } });
  });

  it('sanitises rendered HTML whatever it holds: foreign images, scripts and handlers go, links open apart', () => {
    expect(sanitizeRendered(`<p onclick="x">a</p><img src="https://evil.example/t.png"><img src="${image}" onerror="x"><script>x</script><a href="https://x.org">l</a><style>*{}</style>`))
      .toBe(`<p>a</p><img src="${image}" /><a href="https://x.org" rel="noopener noreferrer nofollow" target="_blank">l</a>`);
  });
});
