import { describe, expect, it } from 'vitest';
import { emptyCompanyForm, postedCompanyForm, renderCompanyForm } from './company-form.js';

const t = ((key: string) => `«${key}»`) as never;
const render = (values = emptyCompanyForm()) => renderCompanyForm({ values, action: '/api/teachers/teacher_company/new?teacher=1', rerender: '/api/x?a=1&no_validation=1', companyId: null, t });

describe('the company form of the popup', () => {
  it('escapes whatever the user typed', () => {
    const html = render({ ...emptyCompanyForm(), name: '<script>alert("x")</script>', comment: "L'atelier & co </textarea>" });
    expect(html).not.toContain('<script>');
    expect(html).toContain('value="&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt;"');
    expect(html).toContain('L&#39;atelier &amp; co &lt;/textarea&gt;</textarea>');
    expect(html).toContain('data-rerender="/api/x?a=1&amp;no_validation=1"');
  });

  it('asks for the activity declaration number only once the declaration is obtained', () => {
    expect(render({ ...emptyCompanyForm(), activityDeclarationNumberType: 'declared' })).toMatch(/name="activityDeclarationNumber" value="" [^>]*required/);
    expect(render({ ...emptyCompanyForm(), activityDeclarationNumberType: 'pending' })).not.toContain('name="activityDeclarationNumber"');
    expect(render({ ...emptyCompanyForm(), activityDeclarationNumberType: 'not-required' })).not.toContain('name="activityDeclarationNumber"');
  });

  it('marks the required fields for the browser check and labels everything in the catalogue', () => {
    const html = render();
    for (const field of ['siret', 'name']) expect(html).toMatch(new RegExp(`name="${field}"[^>]*required`));
    expect(html).toMatch(/<select id="teacher_company_legalForm" name="legalForm" required>/);
    expect(html).toContain('«teaching.company.fields.siret»');
    expect(html).toContain('«teaching.legalForm.sasu»');
  });

  it('reads posted values as strings, unknown fields dropped', () => {
    expect(postedCompanyForm({ siret: 123, name: 'A', extra: 'x' })).toMatchObject({ siret: '123', name: 'A', legalForm: '' });
    expect(postedCompanyForm(null).siret).toBe('');
    expect(postedCompanyForm({ extra: 1 })).not.toHaveProperty('extra');
  });
});
