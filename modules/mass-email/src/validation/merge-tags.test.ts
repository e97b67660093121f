import { describe, expect, it } from 'vitest';
import { fillMergeTags, renderForRecipient, textOfHtml } from './merge-tags.js';
import { campaignSchema } from './index.js';

const values = { firstName: 'Zoé', lastName: "O'Brien <b>", email: 'zoe@example.test', training: 'BTS SIO', group: 'SIO 1', campus: 'Paris' };

describe('merge tags', () => {
  it('fills every tag, escaped in HTML, as written in the subject and text; unknown tags stay', () => {
    expect(fillMergeTags('{{firstName}} {{ lastName }} {{unknown}}', values)).toBe("Zoé O'Brien <b> {{unknown}}");
    expect(fillMergeTags('<p>{{lastName}}</p>', values, true)).toBe('<p>O&#39;Brien &lt;b&gt;</p>');
    const mail = renderForRecipient({ subject: 'Bonjour {{firstName}}', html: '<p>{{group}} — {{training}}, {{campus}}</p><p>{{email}}</p>', text: '' }, values);
    expect(mail).toEqual({ subject: 'Bonjour Zoé', html: '<p>SIO 1 — BTS SIO, Paris</p><p>zoe@example.test</p>', text: 'SIO 1 — BTS SIO, Paris\nzoe@example.test' });
  });

  it('a text part from the HTML: tags, styles and entities removed', () => {
    expect(textOfHtml('<style>p{}</style><h1>Titre</h1><p>A&amp;B<br>C&nbsp;D</p>')).toBe('Titre\nA&B\nC D');
  });

  it('a campaign needs a subject and a body unless a template is chosen, and some recipients', () => {
    const base = { requestId: '0b0e8c1e-5f70-4c4a-9f0e-6d1c1a1b2c3d' };
    expect(() => campaignSchema.validateSync({ ...base, recipients: {} }, { abortEarly: false })).toThrow();
    expect(campaignSchema.validateSync({ ...base, templateId: '0b0e8c1e-5f70-4c4a-9f0e-6d1c1a1b2c3e', recipients: { typologies: ['student'] } }).subject).toBe('');
    expect(() => campaignSchema.validateSync({ ...base, subject: 'S', html: '<p>x</p>', recipients: { typologies: ['nobody'] } })).toThrow();
  });
});
