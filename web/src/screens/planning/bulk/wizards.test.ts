import { describe, expect, it } from 'vitest';
import { ValidationError } from 'yup';
import { createManyBody, initialMassCreate, massCreateValidator, newLine, type MassCreateValues } from './massCreate';
import { editManyBody, initialMassEdit, massEditSchema, type MassEditValues } from './massEdit';

const requestId = '00000000-0000-4000-8000-000000000000';
const ids = { campus: '11111111-1111-4111-8111-111111111111', group: '22222222-2222-4222-8222-222222222222', subject: '33333333-3333-4333-8333-333333333333', teacher: '44444444-4444-4444-8444-444444444444' };
const massCreateSchema = massCreateValidator(requestId);

/** The message keys of every failing path. */
async function failures(schema: { validate: (v: unknown, o: object) => Promise<unknown> }, values: unknown): Promise<Record<string, string>> {
  try {
    await schema.validate(values, { abortEarly: false });
    return {};
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return Object.fromEntries(error.inner.map((e) => [e.path ?? '', (e.errors[0] as unknown as { key?: string })?.key ?? String(e.errors[0])]));
  }
}

const series = (patch: Partial<MassCreateValues> = {}): MassCreateValues => ({
  ...initialMassCreate([ids.campus]),
  name: 'CGE',
  days: ['1', '3'],
  startDate: '2026-12-07',
  endDate: '2026-12-18',
  startTime: '09:00',
  endTime: '12:00',
  lines: [{ ...newLine(), planningGroups: [ids.group], schoolSubject: ids.subject }],
  ...patch,
});

describe('mass creation rules', () => {
  it('accepts a weekly series and sends the contract body', async () => {
    expect(await failures(massCreateSchema, series())).toEqual({});
    const body = createManyBody(requestId, series({ days: ['3', '1'] }));
    expect(body).toMatchObject({ requestId, frequency: 'weekly', days: [1, 3], campuses: [ids.campus], startTime: '09:00', name: 'CGE' });
    expect(body).not.toHaveProperty('ordinal');
    expect(body.lines[0]).toEqual({ planningGroups: [ids.group], teachers: [], rooms: [], schoolSubject: ids.subject, lessonType: 'course', remote: 'present' });
  });

  it('asks for a campus, a day, the monthly ordinal and weekday, and a start before the end', async () => {
    expect(await failures(massCreateSchema, series({ campuses: [], days: [] }))).toMatchObject({
      campuses: 'planning.bulk.validation.campuses',
      days: 'planning.bulk.validation.days',
    });
    expect(await failures(massCreateSchema, series({ frequency: 'monthly', days: [] }))).toMatchObject({
      ordinal: 'planning.bulk.validation.ordinal',
      weekday: 'planning.bulk.validation.weekday',
    });
    expect(await failures(massCreateSchema, series({ endDate: '2026-12-07', endTime: '09:00' }))).toMatchObject({
      endDate: 'planning.bulk.validation.startBeforeEnd',
      endTime: 'planning.bulk.validation.timesOrder',
    });
  });

  it('applies the lesson rules to each line', async () => {
    const lines = [{ ...newLine(), teachers: [ids.teacher] }];
    expect(await failures(massCreateSchema, series({ lines }))).toMatchObject({
      'lines[0].planningGroups': 'planning.bulk.validation.groupOrTrainerAndRoom',
      'lines[0].schoolSubject': 'planning.bulk.validation.subjectWithTrainer',
    });
  });
});

const lessons = ['55555555-5555-4555-8555-555555555555', '66666666-6666-4666-8666-666666666666'];
const room = '77777777-7777-4777-8777-777777777777';
const edit = (patch: Partial<MassEditValues>): MassEditValues => ({ ...initialMassEdit(), lessonIds: lessons, ...patch });

describe('mass edit rules', () => {
  it('needs a lesson and a changed value', async () => {
    expect(await failures(massEditSchema, edit({ lessonIds: [] }))).toMatchObject({ lessonIds: 'planning.bulk.validation.lessonsRequired', edit: 'planning.bulk.validation.valueRequired' });
    const values = edit({ edit: { ...initialMassEdit().edit, rooms: [room] } });
    expect(await failures(massEditSchema, values)).toEqual({});
    expect(editManyBody(values)).toEqual({ lessonIds: lessons, action: 'edit', edit: { rooms: [room] } });
  });

  it('needs a delay of at least 1 to move and a comment to cancel', async () => {
    expect(await failures(massEditSchema, edit({ action: 'move', move: { delay: 0, unit: 'days', direction: 'later' } }))).toMatchObject({ 'move.delay': 'planning.bulk.validation.delay' });
    expect(editManyBody(edit({ action: 'move', move: { delay: '1', unit: 'days', direction: 'earlier' } }))).toEqual({
      lessonIds: lessons,
      action: 'move',
      move: { delay: 1, unit: 'days', direction: 'earlier' },
    });
    expect(await failures(massEditSchema, edit({ action: 'cancel', cancel: { cancellationType: 'disease', comment: ' ' } }))).toMatchObject({
      'cancel.comment': 'planning.bulk.validation.comment',
    });
    expect(editManyBody(edit({ action: 'delete' }))).toEqual({ lessonIds: lessons, action: 'delete' });
    expect(await failures(massEditSchema, edit({ action: 'delete' }))).toEqual({});
  });
});
