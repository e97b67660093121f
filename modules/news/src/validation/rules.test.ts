import { describe, expect, it } from 'vitest';
import { isWebAddress, newsFieldViolations, newsImageId, newsImagePath, visibleNewsFields } from './rules.js';

describe('news field rules (SPEC §6 news form)', () => {
  it('the type selects the field shown; trainings and groups only with students among the recipients', () => {
    expect(visibleNewsFields('page', [])).toEqual({ editor: true, file: false, link: false, trainings: false });
    expect(visibleNewsFields('file', ['tutor'])).toEqual({ editor: false, file: true, link: false, trainings: false });
    expect(visibleNewsFields('link', ['tutor', 'student'])).toEqual({ editor: false, file: false, link: true, trainings: true });
    expect(visibleNewsFields(null, ['student'])).toEqual({ editor: false, file: false, link: false, trainings: true });
  });

  it('requires the field of the type, and only that one', () => {
    expect(newsFieldViolations({ type: 'page', content: { blocks: [] }, link: 'https://x.org' })).toEqual([{ path: 'content', key: 'news.validation.contentRequired' }]);
    expect(newsFieldViolations({ type: 'file', link: 'https://x.org' })).toEqual([{ path: 'fileId', key: 'news.validation.fileRequired' }]);
    expect(newsFieldViolations({ type: 'link', fileId: 'f' })).toEqual([{ path: 'link', key: 'news.validation.linkRequired' }]);
    expect(newsFieldViolations({ type: 'page', content: { blocks: [{}] } })).toEqual([]);
  });

  it('refuses trainings and groups when students are not among the recipients', () => {
    const base = { type: 'link', link: 'https://x.org' };
    expect(newsFieldViolations({ ...base, recipients: ['tutor'], trainingIds: ['t'], trainingGroupIds: ['g'] })).toEqual([
      { path: 'trainingIds', key: 'news.validation.studentsOnly' },
      { path: 'trainingGroupIds', key: 'news.validation.studentsOnly' },
    ]);
    expect(newsFieldViolations({ ...base, recipients: ['tutor', 'student'], trainingIds: ['t'], trainingGroupIds: ['g'] })).toEqual([]);
    expect(newsFieldViolations({ ...base, recipients: ['tutor'], trainingIds: [], trainingGroupIds: [] })).toEqual([]);
  });

  it('takes http(s) addresses only', () => {
    expect(isWebAddress('https://example.org/a?b')).toBe(true);
    expect(isWebAddress('http://example.org')).toBe(true);
    for (const bad of ['javascript:alert(1)', 'file:///etc/passwd', 'ftp://x.org', '//x.org', 'https://user:pw@x.org', 'not a url']) expect(isWebAddress(bad), bad).toBe(false);
  });

  it('knows its own image paths only', () => {
    const id = '0b7c5a9e-2d4f-4c1a-9e3b-5f6a7b8c9d0e';
    expect(newsImageId(newsImagePath(id))).toBe(id);
    expect(newsImageId(`https://alterna.example${newsImagePath(id)}`)).toBe(id);
    expect(newsImageId(`/api/actualites/images/${id}`)).toBe(id);
    expect(newsImageId(`${newsImagePath(id)}/../x`)).toBeNull();
    expect(newsImageId('https://evil.example/x.png')).toBeNull();
  });
});
