import { describe, expect, it } from 'vitest';
import { isValidSiret as isSiret } from '@alterna/core/matching';
import { campusSchema, closureSchema, organisationSchema, roomsEditSchema, timeSlotSchema } from './index.js';

async function messages(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown) {
  try {
    await schema.validate(value, { abortEarly: false });
    return [];
  } catch (error) {
    return (error as { inner: { path: string; errors: unknown[] }[] }).inner.map((e) => [e.path, e.errors[0]]);
  }
}
const model = '8f1c1e7a-2b1d-4c3e-9f00-000000000001';

describe('shared schemas (server and web forms)', () => {
  it('"a model must be selected", whatever is sent in its place', async () => {
    for (const modelTimeSlot of [undefined, '', 'not-an-id']) {
      expect(await messages(timeSlotSchema, { modelTimeSlot, startTime: '08:00', endTime: '09:00' })).toEqual([['modelTimeSlot', 'training-centre.timeSlot.modelRequired']]);
    }
  });

  it('a slot starts before it ends, with HH:MM times', async () => {
    expect(await messages(timeSlotSchema, { modelTimeSlot: model, startTime: '09:00', endTime: '08:59' })).toEqual([['endTime', 'training-centre.timeSlot.startBeforeEnd']]);
    expect(await messages(timeSlotSchema, { modelTimeSlot: model, startTime: '9:00', endTime: '24:00' })).toEqual([
      ['startTime', 'training-centre.timeSlot.invalidTime'],
      ['endTime', 'training-centre.timeSlot.invalidTime'],
    ]);
    expect(await messages(timeSlotSchema, { modelTimeSlot: model, startTime: '08:00', endTime: '09:00' })).toEqual([]);
  });

  it('a closure does not end before it starts, and has a known type', async () => {
    const base = { campus: model, type: 'holidays' };
    expect(await messages(closureSchema, { ...base, startDate: '2027-01-02', endDate: '2027-01-01' })).toEqual([['endDate', 'training-centre.closure.endBeforeStart']]);
    expect(await messages(closureSchema, { ...base, startDate: '2027-01-02', endDate: '2027-01-02' })).toEqual([]);
    expect((await messages(closureSchema, { ...base, type: 'fête', startDate: '2027-01-02', endDate: '2027-01-02' }))[0]?.[0]).toBe('type');
  });

  it('a campus opens at least one weekday', async () => {
    expect(await messages(campusSchema, { name: 'Nantes', openDays: [] })).toEqual([['openDays', 'training-centre.campus.openDaysRequired']]);
    expect((await messages(campusSchema, { name: 'Nantes', openDays: [0] }))[0]?.[0]).toBe('openDays[0]');
  });

  it('rooms have a name and a size from 0', async () => {
    expect((await messages(roomsEditSchema, { rooms: [{ name: '', size: -2 }] })).map(([path]) => path)).toEqual(['rooms[0].name', 'rooms[0].size']);
  });
});

describe('organisation identity (issue #24)', () => {
  const identity = { name: 'Alterna Formation', siret: '812 345 678 00013', activityDeclarationNumber: '11 75 54321 75', streetAddress: '12 avenue du Trône', postalCode: '75011', city: 'Paris' };

  it('takes a SIRET of 14 digits whose Luhn sum checks, and an 11-digit declaration number, spaces typed or not', async () => {
    expect(await messages(organisationSchema, identity)).toEqual([]);
    expect(organisationSchema.validateSync(identity)).toMatchObject({ siret: '81234567800013', activityDeclarationNumber: '11755432175' });
    expect(isSiret('73282932000074')).toBe(true);
    // La Poste's establishments: digits adding up to a multiple of 5.
    expect(isSiret('35600000000047')).toBe(true);
  });

  it('refuses a SIRET of the wrong length, one whose check digit is wrong, and a declaration number not of 11 digits', async () => {
    expect(await messages(organisationSchema, { ...identity, siret: '8123456780001' })).toEqual([['siret', 'training-centre.organisation.siretDigits']]);
    expect(await messages(organisationSchema, { ...identity, siret: '81234567800014' })).toEqual([['siret', 'training-centre.organisation.siretInvalid']]);
    expect(await messages(organisationSchema, { ...identity, activityDeclarationNumber: '1175543217' })).toEqual([['activityDeclarationNumber', 'training-centre.organisation.declarationDigits']]);
    expect((await messages(organisationSchema, { ...identity, name: ' ', city: '' })).map(([path]) => path)).toEqual(['name', 'city']);
  });
});
