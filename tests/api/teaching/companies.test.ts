import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, companyFields, contractBody, demoIds, expectAccessDenied, makeActor, postCompanyForm, unique, uniqueSiret, type DemoIds } from './support.js';

let app: TestApp;
let ids: DemoIds;
let parisTeacher: string;
let otherParisTeacher: string;
let lyonTeacher: string;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
  parisTeacher = await makeActor(app, { firstName: 'Paul', lastName: unique('Societe'), typology: 'teacher', campuses: [ids.paris] });
  otherParisTeacher = await makeActor(app, { firstName: 'Pia', lastName: unique('Societe'), typology: 'trainer', campuses: [ids.paris] });
  lyonTeacher = await makeActor(app, { firstName: 'Léon', lastName: unique('Societe'), typology: 'teacher', campuses: [ids.lyon] });
});
afterAll(() => app.close());

const count = async (table: string) => Number((await app.core.db.knex(table).count({ n: '*' }).first())!.n);
const searchQuery = `query ($siret: String, $name: String, $id: ID) { getTeacherCompanyBySiret(siret: $siret, name: $name, id: $id) {
  id uuid name siret legalForm activityDeclarationNumber activityDeclarationNumberType comment text invalidated
  address { streetAddress addressSupplement postalCode addressLocality addressCountry } } }`;

/** Creates a company through the popup (steps 1-2) for a teacher; returns the success JSON. */
async function createCompany(teacherId: string, overrides: Record<string, string> = {}) {
  const client = await as(app, 'pedagogy');
  const response = await postCompanyForm(client, `/api/teachers/teacher_company/new?teacher=${teacherId}`, companyFields(overrides));
  expect(response.status, response.text).toBe(200);
  return response.json as { message: string; success: boolean; text: string; siret: string; value: string };
}

describe('teacher company popup, steps 1 to 3', () => {
  it('serves the create form as HTML in the user\'s language, posting back to the path of that language', async () => {
    const french = await as(app, 'pedagogy');
    const form = await french.get(`/api/formateurs/societe_formateur/nouvelle?teacher=${parisTeacher}`);
    expect(form.status).toBe(200);
    expect(form.headers.get('content-type')).toContain('text/html');
    expect(form.text).toContain('<form class="teacher-company-form"');
    expect(form.text).toContain(`action="/api/formateurs/societe_formateur/nouvelle?teacher=${parisTeacher}"`);
    expect(form.text).toContain(`data-rerender="/api/formateurs/societe_formateur/nouvelle?teacher=${parisTeacher}&amp;no_validation=1"`);
    expect(form.text).toContain('Raison sociale');
    expect(form.text).toContain('Numéro de déclaration d&#39;activité');
    const english = await as(app, 'pedagogy', 'en');
    const englishForm = await english.get(`/api/teachers/teacher_company/new?teacher=${parisTeacher}`);
    expect(englishForm.text).toContain('Company name');
    expect(englishForm.text).toContain(`action="/api/teachers/teacher_company/new?teacher=${parisTeacher}"`);
    const bad = await english.get('/api/teachers/teacher_company/new?teacher=abc');
    expect(bad.status).toBe(422);
    expect(bad.json.errors).toEqual([{ path: 'teacher', message: expect.stringContaining('abc') }]);
  });

  it('creates a company from the scripted POST and answers message, success, text, siret, value', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const fields = companyFields({ siret: '' });
    const siret = uniqueSiret();
    fields.siret = `${siret.slice(0, 3)} ${siret.slice(3, 6)} ${siret.slice(6, 9)}-${siret.slice(9)}`;
    const response = await postCompanyForm(client, `/api/teachers/teacher_company/new?teacher=${parisTeacher}`, fields);
    expect(response.status, response.text).toBe(200);
    expect(Object.keys(response.json).sort()).toEqual(['message', 'siret', 'success', 'text', 'value']);
    expect(response.json).toMatchObject({ success: true, siret, text: `${fields.name} - ${siret}`, message: `The company ${fields.name} has been created.` });
    const stored = await app.core.db.knex('teacher_companies').where({ id: response.json.value }).first();
    expect(stored).toMatchObject({ siret, name: fields.name, legal_form: 'sasu', activity_declaration_number: '11755555575', postal_code: '75011', comment: null, address_supplement: null });
    expect(await app.core.db.knex('teacher_company_teachers').where({ teacher_company_id: response.json.value }).pluck('teacher_id')).toEqual([parisTeacher]);
  });

  it('answers field errors as a map from field to messages with 422, and saves nothing', async () => {
    const client = await as(app, 'pedagogy');
    const before = await count('teacher_companies');
    const path = `/api/formateurs/societe_formateur/nouvelle?teacher=${parisTeacher}`;
    const empty = await postCompanyForm(client, path, { siret: '', name: ' ', legalForm: '', activityDeclarationNumberType: 'declared', activityDeclarationNumber: '' });
    expect(empty.status).toBe(422);
    const blank = ['Cette valeur ne doit pas être vide.'];
    expect(empty.json.errors).toEqual({ siret: blank, name: blank, legalForm: blank, activityDeclarationNumber: blank });
    const wrong = await postCompanyForm(client, path, companyFields({ siret: '732 829 320 00075', activityDeclarationNumber: '1234', postalCode: '7501' }));
    expect(wrong.json.errors).toEqual({
      siret: ["Ce numéro SIRET n'est pas valide : 14 chiffres avec une clé de contrôle correcte."],
      activityDeclarationNumber: ["Le numéro de déclaration d'activité compte 11 chiffres."],
      postalCode: ['Le code postal compte 5 chiffres.'],
    });
    // Without the scripted-POST header a form could come from any site: the core refuses it, nothing is saved.
    const plain = await postCompanyForm(client, path, companyFields(), false);
    expect(plain.status).toBe(415);
    expect(plain.json.errors).toEqual([{ path: '', message: 'Type de contenu non accepté : envoyez du JSON (application/json).' }]);
    // The same fields as JSON without the header: the popup's own refusal, as a map from field to messages.
    const json = await client.post(path, companyFields());
    expect(json.status).toBe(422);
    expect(json.json.errors).toEqual({ '': ['Ce formulaire s\'envoie depuis la fenêtre de création de société.'] });
    expect(await count('teacher_companies')).toBe(before);
  });

  it('re-renders the form as posted when the declaration type changes (no_validation=1), saving nothing', async () => {
    const client = await as(app, 'pedagogy');
    const before = await count('teacher_companies');
    const path = `/api/teachers/teacher_company/new?teacher=${parisTeacher}&no_validation=1`;
    const pending = await postCompanyForm(client, path, companyFields({ name: 'Formation <Durand> & "Fils"', activityDeclarationNumberType: 'pending' }));
    expect(pending.status).toBe(200);
    expect(pending.headers.get('content-type')).toContain('text/html');
    expect(pending.text).not.toContain('name="activityDeclarationNumber"');
    expect(pending.text).toContain('value="Formation &lt;Durand&gt; &amp; &quot;Fils&quot;"');
    expect(pending.text).toContain('<option value="pending" selected>Déclaration en cours</option>');
    const declared = await postCompanyForm(client, path, companyFields({ activityDeclarationNumberType: 'declared', activityDeclarationNumber: '' }));
    expect(declared.text).toContain('name="activityDeclarationNumber" value=""');
    expect(declared.text).toMatch(/name="activityDeclarationNumber" value="" [^>]*required/);
    expect(await count('teacher_companies')).toBe(before);
  });

  it('serves the edit form with the company\'s values, by id in the path or as the id parameter', async () => {
    const created = await createCompany(parisTeacher, { comment: 'Factures <mensuelles>' });
    const client = await as(app, 'pedagogy', 'en');
    const byPath = await client.get(`/api/teachers/teacher_company/${created.value}/edit`);
    expect(byPath.status).toBe(200);
    expect(byPath.text).toContain(`value="${created.siret}"`);
    expect(byPath.text).toContain('Factures &lt;mensuelles&gt;</textarea>');
    expect(byPath.text).toContain(`data-company-id="${created.value}"`);
    const byParam = await client.get(`/api/teachers/teacher_company/new?id=${created.value}`);
    expect(byParam.text).toContain(`value="${created.siret}"`);
    const edited = await postCompanyForm(client, `/api/teachers/teacher_company/${created.value}/edit`, companyFields({ siret: created.siret, name: 'Renamed company ' + created.siret }));
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json).toMatchObject({ value: created.value, message: `The company Renamed company ${created.siret} has been saved.` });
  });
});

describe('duplicate companies (SPEC §5)', () => {
  it('rejects the same SIRET written otherwise and the same name in another case; the company itself is no duplicate', async () => {
    const existing = await createCompany(parisTeacher);
    const name = existing.text.replace(` - ${existing.siret}`, '');
    const client = await as(app, 'pedagogy');
    const before = await count('teacher_companies');
    const spaced = `${existing.siret.slice(0, 3)} ${existing.siret.slice(3, 6)}-${existing.siret.slice(6)}`;
    const sameSiret = await postCompanyForm(client, `/api/teachers/teacher_company/new?teacher=${otherParisTeacher}`, companyFields({ siret: spaced }));
    expect(sameSiret.status).toBe(422);
    expect(sameSiret.json.errors).toEqual({ siret: [`Une société avec ce SIRET existe déjà : ${name}.`] });
    const sameName = await postCompanyForm(client, `/api/teachers/teacher_company/new?teacher=${otherParisTeacher}`, companyFields({ name: `  ${name.toUpperCase()} ` }));
    expect(sameName.json.errors).toEqual({ name: [`Une société porte déjà ce nom (SIRET ${existing.siret}).`] });
    const both = await postCompanyForm(client, `/api/teachers/teacher_company/new?teacher=${otherParisTeacher}`, companyFields({ siret: existing.siret, name: name.toLowerCase(), legalForm: '' }));
    expect(Object.keys(both.json.errors).sort()).toEqual(['legalForm', 'name', 'siret']);
    expect(await count('teacher_companies')).toBe(before);
    const itself = await postCompanyForm(client, `/api/teachers/teacher_company/${existing.value}/edit`, companyFields({ siret: spaced, name: name.toLowerCase() }));
    expect(itself.status, itself.text).toBe(200);
  });

  it('getTeacherCompanyBySiret finds by SIRET exact once normalized or by name case-insensitive, by name, leaving out the given id', async () => {
    const family = unique('Recherche ');
    const a = await createCompany(parisTeacher, { name: `${family} B`, streetAddress: '', postalCode: '', addressLocality: '', addressCountry: '' });
    const b = await createCompany(lyonTeacher, { name: `${family} A`, comment: 'Sous-traitance' });
    const client = await as(app, 'campus-manager', 'en');
    const found = async (variables: Record<string, unknown>) => (await client.graphql(searchQuery, variables)).json.data.getTeacherCompanyBySiret;

    const bySiret = await found({ siret: ` ${a.siret.slice(0, 7)} ${a.siret.slice(7)} `, name: '' });
    expect(bySiret).toEqual([{
      id: `/api/teacher_companies/${a.value}`, uuid: a.value, name: `${family} B`, siret: a.siret, legalForm: 'sasu', activityDeclarationNumber: '11755555575',
      activityDeclarationNumberType: 'declared', comment: null, text: `${family} B - ${a.siret}`, invalidated: false,
      address: { streetAddress: null, addressSupplement: null, postalCode: null, addressLocality: null, addressCountry: null },
    }]);
    expect((await found({ siret: a.siret, name: `${family.toLowerCase()} a` })).map((c: any) => c.uuid)).toEqual([b.value, a.value]);
    expect(await found({ siret: a.siret.slice(0, 13), name: family })).toEqual([]);
    expect(await found({ siret: '', name: '' })).toEqual([]);
    expect(await found({ siret: a.siret, id: a.value })).toEqual([]);
    const bad = await client.graphql(searchQuery, { siret: a.siret, id: 'x' });
    expect(bad.json.errors[0].extensions.violations).toEqual([{ path: 'id', message: expect.stringContaining('x') }]);
  });
});

describe('associating, unlinking and invalidating (steps 5 and 6)', () => {
  it('associates an existing company with the contract\'s teacher, who can then name it on a contract', async () => {
    const company = await createCompany(parisTeacher);
    const client = await as(app, 'pedagogy');
    const refused = await client.post(`/api/teachers/${otherParisTeacher}/contract/new`, contractBody(ids, { teacherStatusId: ids.statuses.company, teacherCompanyId: company.value }));
    expect(refused.json.errors).toEqual([{ path: 'teacherCompanyId', message: "Cette société n'est pas associée à ce formateur." }]);

    const body = { teachers: [otherParisTeacher], teacher_company: company.value, siret: company.siret, name: 'x', legalForm: 'sasu', address: {}, activityDeclarationNumber: null, comment: null };
    const associated = await client.post(`/api/teachers/teacher_company/${company.value}/associate/${otherParisTeacher}`, body);
    expect(associated.status, associated.text).toBe(200);
    expect(associated.json).toEqual({ message: "La société a bien été ajoutée au formulaire du contrat d'intervention", success: true, text: company.text, siret: company.siret, value: company.value });
    const english = await (await as(app, 'pedagogy', 'en')).post(`/api/teachers/teacher_company/${company.value}/associate/${otherParisTeacher}`, body);
    expect(english.json.message).toBe('The company has been added to the teaching contract form');
    const options = await client.graphql('query ($id: ID!) { teacherCompaniesOfTeacher(teacherId: $id) { uuid text } }', { id: otherParisTeacher });
    expect(options.json.data.teacherCompaniesOfTeacher).toContainEqual({ uuid: company.value, text: company.text });
    const contract = await client.post(`/api/teachers/${otherParisTeacher}/contract/new`, contractBody(ids, { teacherStatusId: ids.statuses.company, teacherCompanyId: company.value }));
    expect(contract.status, contract.text).toBe(200);
    expect(contract.json.teacherContract.teacherCompany).toMatchObject({ id: company.value, siret: company.siret });

    const mismatch = await client.post(`/api/teachers/teacher_company/${company.value}/associate/${otherParisTeacher}`, { ...body, teacher_company: otherParisTeacher });
    expect(mismatch.json.errors).toEqual([{ path: 'teacher_company', message: "La société envoyée n'est pas celle de l'adresse." }]);

    // Unlinking waits until no live contract of that teacher names the company.
    const kept = await client.request('DELETE', `/api/teachers/teacher_company/${company.value}/unlink/${otherParisTeacher}`);
    expect(kept.json.errors).toEqual([{ path: '', message: 'Cette société figure sur 1 contrat de ce formateur : elle ne peut pas être dissociée.' }]);
    await client.post(`/api/teachers/contract/${contract.json.teacherContract.id}/update_status`, { status: 'cancelled' });
    const unlinked = await client.request('DELETE', `/api/formateurs/societe_formateur/${company.value}/dissocier/${otherParisTeacher}`);
    expect(unlinked.json).toEqual({ message: "La société n'est plus associée à ce formateur." });
  });

  it('invalidates a company: kept on the contracts naming it, offered to no new association or contract', async () => {
    const company = await createCompany(parisTeacher);
    const client = await as(app, 'pedagogy', 'en');
    const contract = (await client.post(`/api/teachers/${parisTeacher}/contract/new`, contractBody(ids, { teacherStatusId: ids.statuses.independent, teacherCompanyId: company.value }))).json.teacherContract;
    const invalidated = await client.post(`/api/teachers/teacher_company/${company.value}/invalidate`);
    expect(invalidated.status, invalidated.text).toBe(200);
    expect(invalidated.json.message).toBe(`The company ${company.text.replace(` - ${company.siret}`, '')} has been invalidated: it will no longer be offered.`);
    const kept = await client.post(`/api/teachers/${parisTeacher}/contract/${contract.id}/edit`, contractBody(ids, { teacherStatusId: ids.statuses.independent, teacherCompanyId: company.value }));
    expect(kept.status, kept.text).toBe(200);
    const fresh = await client.post(`/api/teachers/${parisTeacher}/contract/new`, contractBody(ids, { teacherStatusId: ids.statuses.independent, teacherCompanyId: company.value }));
    expect(fresh.json.errors).toEqual([{ path: 'teacherCompanyId', message: 'This company has been invalidated: it can no longer be chosen.' }]);
    const associate = await client.post(`/api/teachers/teacher_company/${company.value}/associate/${otherParisTeacher}`, { teachers: [] });
    expect(associate.status).toBe(422);
    // Still a duplicate: its SIRET cannot be reused.
    const again = await postCompanyForm(client, `/api/teachers/teacher_company/new?teacher=${parisTeacher}`, companyFields({ siret: company.siret }));
    expect(again.json.errors.siret).toHaveLength(1);
  });
});

describe('campus scoping of teacher companies', () => {
  let parisCompany: Awaited<ReturnType<typeof createCompany>>;
  beforeAll(async () => {
    parisCompany = await createCompany(parisTeacher);
  });

  it('keeps a Lyon campus manager from creating for, editing or associating Paris teachers\' companies', async () => {
    const lyon = await as(app, 'campus-manager');
    const before = await count('teacher_company_teachers');
    expectAccessDenied(await lyon.get(`/api/teachers/teacher_company/new?teacher=${parisTeacher}`));
    expectAccessDenied(await postCompanyForm(lyon, `/api/teachers/teacher_company/new?teacher=${parisTeacher}`, companyFields()));
    expectAccessDenied(await lyon.get(`/api/teachers/teacher_company/${parisCompany.value}/edit`));
    expectAccessDenied(await postCompanyForm(lyon, `/api/teachers/teacher_company/${parisCompany.value}/edit`, companyFields({ siret: parisCompany.siret })));
    expectAccessDenied(await lyon.post(`/api/teachers/teacher_company/${parisCompany.value}/associate/${parisTeacher}`, { teachers: [] }));
    expectAccessDenied(await lyon.request('DELETE', `/api/teachers/teacher_company/${parisCompany.value}/unlink/${parisTeacher}`));
    expectAccessDenied(await lyon.post(`/api/teachers/teacher_company/${parisCompany.value}/invalidate`));
    expectAccessDenied(await lyon.graphql('query ($id: ID!) { teacherCompaniesOfTeacher(teacherId: $id) { uuid } }', { id: parisTeacher }));
    // Its own teachers may reuse the Paris company found by the duplicate check.
    const reuse = await lyon.post(`/api/teachers/teacher_company/${parisCompany.value}/associate/${lyonTeacher}`, { teachers: [lyonTeacher], teacher_company: parisCompany.value });
    expect(reuse.status, reuse.text).toBe(200);
    expect(await count('teacher_company_teachers')).toBe(before + 1);
    expect((await app.core.db.knex('teacher_companies').where({ id: parisCompany.value }).first()).invalidated_at).toBeNull();
  });

  it('lets read-only search companies and change nothing', async () => {
    const readOnly = await as(app, 'read-only');
    const before = await count('teacher_companies');
    const found = await readOnly.graphql(searchQuery, { siret: parisCompany.siret });
    expect(found.json.data.getTeacherCompanyBySiret.map((c: any) => c.uuid)).toEqual([parisCompany.value]);
    expectAccessDenied(await readOnly.get(`/api/teachers/teacher_company/new?teacher=${parisTeacher}`));
    expectAccessDenied(await postCompanyForm(readOnly, `/api/teachers/teacher_company/new?teacher=${parisTeacher}`, companyFields()));
    expectAccessDenied(await readOnly.post(`/api/teachers/teacher_company/${parisCompany.value}/associate/${otherParisTeacher}`, { teachers: [] }));
    expectAccessDenied(await readOnly.post(`/api/teachers/teacher_company/${parisCompany.value}/invalidate`));
    expect(await count('teacher_companies')).toBe(before);
  });

  it('refuses a student with Access Denied.', async () => {
    const student = await as(app, 'student');
    expectAccessDenied(await student.graphql(searchQuery, { siret: parisCompany.siret }));
    expectAccessDenied(await student.get(`/api/teachers/teacher_company/new?teacher=${parisTeacher}`));
    expectAccessDenied(await postCompanyForm(student, `/api/teachers/teacher_company/new?teacher=${parisTeacher}`, companyFields()));
  });
});
