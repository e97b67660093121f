import { describe, expect, it } from 'vitest';
import { createI18n } from '../i18n/index.js';
import { ValidationError } from '../errors.js';
import { forbiddenTextPaths, hasForbiddenCharacter, isUuid, listMax, validate, yup } from './index.js';

describe('validate', () => {
  const schema = yup.object({ email: yup.string().required().email(), age: yup.number().min(18) });

  it('reports every violation with its path, in the caller language', async () => {
    const i18n = await createI18n({});
    const fr = i18n.getFixedT('fr');
    const en = i18n.getFixedT('en');
    await expect(validate(schema, { email: '', age: 3 }, fr)).rejects.toMatchObject({
      violations: [
        { path: 'email', message: 'Cette valeur ne doit pas être vide.' },
        { path: 'age', message: 'Cette valeur doit être supérieure ou égale à 18.' },
      ],
    });
    const error = await validate(schema, { email: 'nope' }, en).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ValidationError);
    expect((error as ValidationError).violations).toEqual([{ path: 'email', message: 'This value is not a valid email address.' }]);
  });

  it('strips unknown fields from what it returns', async () => {
    const i18n = await createI18n({});
    await expect(validate(schema, { email: 'a@b.fr', admin: true }, i18n.getFixedT('fr'))).resolves.toEqual({ email: 'a@b.fr' });
  });

  it('knows a UUID', () => {
    expect(isUuid('3f2504e0-4f89-41d3-9a0c-0305e82c3301')).toBe(true);
    expect(isUuid('12')).toBe(false);
    expect(isUuid(undefined)).toBe(false);
  });

  it('refuses JSON of another type than the schema says, instead of coercing or crashing', async () => {
    const i18n = await createI18n({});
    const en = i18n.getFixedT('en');
    const typed = yup.object({
      name: yup.string().trim().required(),
      hours: yup.number(),
      // A field that reads typed text itself: '' is missing, "1,5" is 1.5.
      typedHours: yup.number().transform((value, original) => (original === '' ? undefined : typeof original === 'string' ? Number(original.replace(',', '.')) : value)),
      tags: yup.array(yup.string().trim()),
    });
    const error = (await validate(typed, { name: ['x'], hours: '12', tags: ['a', 3] }, en).catch((e: unknown) => e)) as ValidationError;
    expect(error.violations).toEqual([
      { path: 'name', message: 'This value should be a text.' },
      { path: 'hours', message: 'This value should be a number.' },
      { path: 'tags[1]', message: 'This value should be a text.' },
    ]);
    await expect(validate(typed, { name: 'a', typedHours: '1,5' }, en)).resolves.toMatchObject({ typedHours: 1.5 });
    await expect(validate(typed, { name: 123 }, en)).rejects.toMatchObject({ violations: [{ path: 'name', message: 'This value should be a text.' }] });
  });

  it('takes keys named like Object.prototype as unknown keys, instead of crashing yup', async () => {
    const i18n = await createI18n({});
    const body = JSON.parse('{"email":"a@b.fr","constructor":{"prototype":{"x":1}},"__proto__":{"x":1},"toString":1}');
    await expect(validate(schema, body, i18n.getFixedT('en'))).resolves.toEqual({ email: 'a@b.fr' });
    await expect(validate(yup.object({ options: yup.object() }), { options: { constructor: 1 } }, i18n.getFixedT('en'))).resolves.toBeTruthy();
  });

  it('keeps huge lists cheap: past a max, one item too many is checked; 10,000 wrong items report the first 100', async () => {
    const en = (await createI18n({})).getFixedT('en');
    const lines = yup.object({ lines: yup.array(yup.object({ label: yup.string().required() })).max(3), ids: yup.array(yup.object({ id: yup.string() })).max(20_000) });
    const tooMany = (await validate(lines, { lines: Array.from({ length: 10_000 }, () => ({})) }, en).catch((e: unknown) => e)) as ValidationError;
    expect(tooMany.violations.filter((v) => v.path.startsWith('lines['))).toHaveLength(4);
    expect(tooMany.violations).toContainEqual({ path: 'lines', message: 'This collection should contain 3 elements or less.' });
    const wrong = (await validate(lines, { ids: Array.from({ length: 10_000 }, () => 42) }, en).catch((e: unknown) => e)) as ValidationError;
    expect(wrong.violations).toHaveLength(100);
    expect(wrong.violations[0]).toEqual({ path: 'ids[0]', message: 'This value should be an object.' });
  });

  it('caps a list without a maximum of its own at listMax items, and speaks of lists in the caller language', async () => {
    const i18n = await createI18n({});
    const lists = yup.object({ ids: yup.array(yup.string().required()).default([]), days: yup.array(yup.number().required()).max(7) });
    const many = Array.from({ length: listMax + 1 }, (_, i) => `id-${i}`);
    await expect(validate(lists, { ids: many }, i18n.getFixedT('fr'))).rejects.toMatchObject({
      violations: [{ path: 'ids', message: `Cette collection doit contenir ${listMax} éléments ou moins.` }],
    });
    await expect(validate(lists, { ids: many.slice(1) }, i18n.getFixedT('fr'))).resolves.toMatchObject({ ids: many.slice(1) });
    await expect(validate(lists, { days: [1, 2, 3, 4, 5, 6, 7, 1] }, i18n.getFixedT('en'))).rejects.toMatchObject({
      violations: [{ path: 'days', message: 'This collection should contain 7 elements or less.' }],
    });
  });

  it('refuses NUL, other C0 controls, lone surrogates and direction overrides in every text, free-form ones included', async () => {
    const en = (await createI18n({})).getFixedT('en');
    const message = 'This value contains a character that is not allowed.';
    const form = yup.object({ name: yup.string().required(), tags: yup.array(yup.string()), data: yup.mixed(), extra: yup.object(), count: yup.number() });
    const error = (await validate(form, { name: 'a\u0000', tags: ['ok', '\ud800'], data: { blocks: [{ text: 'x\u001b' }], 'k\u0000': 1 }, extra: { note: '\u202e' }, count: 'x\u0000' }, en)
      .catch((e: unknown) => e)) as ValidationError;
    // A key with one is reported on its object.
    expect(error.violations).toEqual([
      { path: 'name', message }, { path: 'tags[1]', message }, { path: 'data', message }, { path: 'data.blocks[0].text', message },
      { path: 'extra.note', message }, { path: 'count', message: 'This value should be a number.' },
    ]);
    // Tab, LF, CR, whole surrogate pairs (emoji), embeddings and isolates are text.
    await expect(validate(form, { name: 'a\tb\r\nc 😀 \u202bאב\u202c \u2067x\u2069' }, en)).resolves.toMatchObject({ name: 'a\tb\r\nc 😀 \u202bאב\u202c \u2067x\u2069' });
    for (const bad of ['\u0000', '\u0001', '\u0008', '\u000b', '\u000c', '\u000e', '\u001f', '\ud83d', '\ude00', '\ude00\ud83d', '\u202d', '\u202e']) expect(hasForbiddenCharacter(`a${bad}b`)).toBe(true);
    for (const fine of ['\t', '\n', '\r', '\u007f', '\u00a0', '\ud83d\ude00', '\u202a', '\u202c', '\u2066']) expect(hasForbiddenCharacter(`a${fine}b`)).toBe(false);
  });

  it('walks free-form values of any depth without recursion', () => {
    let deep: unknown = 'end\u0000';
    for (let i = 0; i < 100_000; i += 1) deep = [deep];
    expect(forbiddenTextPaths(deep)).toHaveLength(1);
  });
});
