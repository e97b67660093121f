import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { addYears, todayIn } from '../rules/age.js';
import { coordinatesSchema, newStudentSchema, registrationSchema, studentListFilterSchema } from './index.js';

const today = todayIn();
const minus = (iso: string, days: number) => new Date(Date.parse(`${iso}T00:00:00Z`) - days * 86_400_000).toISOString().slice(0, 10);

const base = { firstName: 'Léa', lastName: 'Petit', birthCountry: 'FR', birthplace: 'Lyon', birthCityCode: '69123' };

async function problems(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, value: unknown): Promise<Record<string, unknown>> {
  try {
    await schema.validate(value, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((e) => [e.path, e.errors[0]]));
  }
}

describe('coordinates schema', () => {
  it('requires the guardian of a student under 18, except address supplement and country', async () => {
    const found = await problems(coordinatesSchema, { ...base, dateOfBirth: minus(addYears(today, -18), -1) });
    expect(Object.keys(found).sort()).toEqual([
      'guardianAddressLocality', 'guardianEmail', 'guardianFirstName', 'guardianLastName', 'guardianPhone', 'guardianPostalCode', 'guardianStreetAddress',
    ]);
    expect(found.guardianLastName).toEqual({ key: 'validation.required' });
  });

  it('asks nothing of the guardian from the 18th birthday', async () => {
    expect(await problems(coordinatesSchema, { ...base, dateOfBirth: addYears(today, -18) })).toEqual({});
  });

  it('wants a city picked among the suggestions for FR, TR, PF, GF, free text elsewhere', async () => {
    const adult = { ...base, dateOfBirth: '1990-01-01' };
    expect(await problems(coordinatesSchema, { ...adult, birthCityCode: null })).toEqual({ birthCityCode: 'students.validation.cityRequired' });
    expect(await problems(coordinatesSchema, { ...adult, birthplace: '', birthCityCode: null })).toEqual({
      birthplace: 'students.validation.cityRequired', birthCityCode: 'students.validation.cityRequired',
    });
    expect(await problems(coordinatesSchema, { ...adult, birthCityCode: 'Lyon' })).toEqual({ birthCityCode: 'students.validation.cityRequired' });
    const belgian = await coordinatesSchema.validate({ ...adult, birthCountry: 'BE', birthplace: 'Liège', birthCityCode: '69123' });
    expect(belgian.birthCityCode).toBeNull();
    expect(await problems(coordinatesSchema, { ...adult, birthCountry: 'XX' })).toEqual({ birthCountry: { key: 'students.validation.country' } });
  });

  it('refuses a date of birth in the future', async () => {
    expect(await problems(coordinatesSchema, { ...base, dateOfBirth: minus(today, -1) })).toMatchObject({ dateOfBirth: { key: 'students.validation.dateOfBirthFuture' } });
  });

  it('needs an e-mail and a campus for a new student', async () => {
    expect(Object.keys(await problems(newStudentSchema, { ...base, dateOfBirth: '1990-01-01' })).sort()).toEqual(['campusId', 'email']);
  });
});

describe('registration and list filter schemas', () => {
  it('wants a group and a known status', async () => {
    expect(await problems(registrationSchema, { trainingGroupId: null, studentStatus: 'pupil' })).toEqual({
      trainingGroupId: 'students.validation.groupRequired', studentStatus: 'students.validation.statusRequired',
    });
  });

  it('defaults the filters to nothing chosen', async () => {
    expect(await studentListFilterSchema.validate({})).toEqual({ campusId: null, trainingIds: [], trainingGroupIds: [], trainingSessionId: null });
  });
});
