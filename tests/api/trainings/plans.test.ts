import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestApp, type TestApp } from '../../support/app.js';
import { as, createTraining, demoIds, expectAccessDenied, unique } from './support.js';

let app: TestApp;
let ids: Awaited<ReturnType<typeof demoIds>>;
beforeAll(async () => {
  app = await startTestApp();
  ids = await demoIds(app);
});
afterAll(() => app.close());

const planPath = (trainingId: string) => `/api/training-center/trainings/${trainingId}/training-plan`;
const base = () => ({
  trainingSessionId: ids.currentSession,
  blocks: [
    { name: 'Bloc 1', subjects: [{ schoolSubjectId: ids.subjects.CGE, hours: 110 }, { schoolSubjectId: ids.subjects.ANG, hours: 55.5 }] },
    { name: 'Bloc 2', subjects: [{ schoolSubjectId: ids.subjects.MATH, hours: 90 }] },
  ],
});
const count = async (table: string, where: Record<string, unknown>) => Number((await app.core.db.knex(table).where(where).count({ n: '*' }).first())?.n ?? 0);

describe('training plan editor routes', () => {
  it('saves the certifier base, then refuses it once a variant exists', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const trainingId = await createTraining(client, [ids.paris]);
    const saved = await client.post(planPath(trainingId), base());
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe('The certifier base has been saved.');
    expect(saved.json.plan.certifierBase.map((b: { name: string }) => b.name)).toEqual(['Bloc 1', 'Bloc 2']);
    expect(saved.json.plan.baseLocked).toBe(false);

    const variant = await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.currentSession, name: 'Initial', mode: 'unfold' });
    expect(variant.status, variant.text).toBe(200);
    const unfolded = variant.json.plan.variants.find((v: { id: string }) => v.id === variant.json.variantId);
    expect(unfolded.blocks.map((b: any) => [b.name, b.schoolSubjectLines.map((l: any) => [l.schoolSubject.shortName, l.hours])])).toEqual([
      ['Bloc 1', [['CGE', 110], ['ANG', 55.5]]],
      ['Bloc 2', [['MATH', 90]]],
    ]);

    const refused = await client.post(planPath(trainingId), { ...base(), blocks: [] });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: '', message: 'The certifier base can no longer be edited: a variant already exists.' }]);
    const french = await as(app, 'pedagogy');
    expect((await french.post(planPath(trainingId), base())).json.errors[0].message).toBe('Le socle certificateur ne peut plus être modifié : une variante existe déjà.');
    // Nothing changed.
    const view = await client.get(`${planPath(trainingId)}?trainingSessionId=${ids.currentSession}`);
    expect(view.json.plan.certifierBase.map((b: { name: string }) => b.name)).toEqual(['Bloc 1', 'Bloc 2']);
    expect(view.json.trainingSession.id).toBe(ids.currentSession);
  });

  it('creates an empty variant, names every variant and wants a subject in every field', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const trainingId = await createTraining(client, [ids.paris]);
    const noMode = await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.currentSession, name: 'X' });
    expect(noMode.status).toBe(422);
    expect(noMode.json.errors).toEqual([{ path: 'mode', message: 'A variant must be unfolded or created.' }]);
    const unnamed = await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.currentSession, name: ' ', mode: 'create' });
    expect(unnamed.json.errors).toEqual([{ path: 'name', message: 'All variants must be named.' }]);

    const created = await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.currentSession, name: 'Alternance', mode: 'create' });
    expect(created.status).toBe(200);
    const variantId = created.json.variantId;
    expect(created.json.plan.variants[0].blocks).toEqual([]);
    const twice = await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.currentSession, name: 'ALTERNANCE', mode: 'create' });
    expect(twice.json.errors).toEqual([{ path: 'name', message: 'A variant of this training plan already has this name.' }]);

    const missingSubject = await client.post(`/api/training-center/variants/${variantId}`, {
      name: 'Alternance', blocks: [{ name: 'B', subjects: [{ schoolSubjectId: ids.subjects.ANG, hours: 10 }, { schoolSubjectId: '', hours: 10 }] }],
    });
    expect(missingSubject.status).toBe(422);
    expect(missingSubject.json.errors).toEqual([{ path: 'blocks[0].subjects[1].schoolSubjectId', message: 'A school subject must be chosen in every field.' }]);
    const renamedBlank = await client.post(`/api/training-center/variants/${variantId}`, { name: '', blocks: [] });
    expect(renamedBlank.json.errors).toEqual([{ path: 'name', message: 'All variants must be named.' }]);
    const unknownSubject = await client.post(`/api/training-center/variants/${variantId}`, {
      name: 'Alternance', blocks: [{ name: 'B', subjects: [{ schoolSubjectId: '00000000-0000-4000-8000-000000000000', hours: 10 }] }],
    });
    expect(unknownSubject.json.errors).toEqual([{ path: 'blocks[0].subjects[0].schoolSubjectId', message: 'The chosen school subject does not exist.' }]);
    expect(await count('training_plan_blocks', { variant_id: variantId })).toBe(0);

    const saved = await client.post(`/api/training-center/variants/${variantId}`, {
      name: 'Alternance renommée', blocks: [{ name: 'B', subjects: [{ schoolSubjectId: ids.subjects.ANG, hours: 12.25 }] }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.plan.variants[0]).toMatchObject({ name: 'Alternance renommée', blocks: [{ name: 'B', schoolSubjectLines: [{ hours: 12.25 }] }] });
  });

  it('deletes a variant with its blocks and subjects, and a block with its subjects', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const trainingId = await createTraining(client, [ids.paris]);
    await client.post(planPath(trainingId), base());
    const baseBlocks = await app.core.db.knex('training_plan_blocks').whereNull('variant_id').whereIn('training_plan_id', app.core.db.knex('training_plans').select('id').where('training_id', trainingId)).select('id', 'name');
    // While no variant exists, a block of the base can be deleted, its subjects with it.
    const block1 = baseBlocks.find((b) => b.name === 'Bloc 1')!;
    expect(await count('training_plan_subjects', { block_id: block1.id })).toBe(2);
    const deletedBlock = await client.request('DELETE', `/api/training-center/blocks/${block1.id}`);
    expect(deletedBlock.json.message).toBe('The block has been deleted, with its school subjects.');
    expect(await count('training_plan_subjects', { block_id: block1.id })).toBe(0);

    const variant = await client.post(`/api/training-center/trainings/${trainingId}/variants`, { trainingSessionId: ids.currentSession, name: 'V', mode: 'unfold' });
    const variantId = variant.json.variantId;
    const variantBlocks = await app.core.db.knex('training_plan_blocks').where('variant_id', variantId).pluck('id');
    expect(variantBlocks).toHaveLength(1);
    expect(await app.core.db.knex('training_plan_subjects').whereIn('block_id', variantBlocks).count({ n: '*' }).first()).toEqual({ n: 1 });
    // Now the base is locked, its blocks too.
    const block2 = baseBlocks.find((b) => b.name === 'Bloc 2')!;
    const lockedBlock = await client.request('DELETE', `/api/training-center/blocks/${block2.id}`);
    expect(lockedBlock.json.errors[0].message).toBe('The certifier base can no longer be edited: a variant already exists.');

    const deleted = await client.request('DELETE', `/api/training-center/variants/${variantId}`);
    expect(deleted.status, deleted.text).toBe(200);
    expect(deleted.json.message).toBe('The variant has been deleted, with its blocks and their school subjects.');
    expect(await count('training_plan_variants', { id: variantId })).toBe(0);
    expect(await app.core.db.knex('training_plan_blocks').whereIn('id', variantBlocks).count({ n: '*' }).first()).toEqual({ n: 0 });
    expect(await app.core.db.knex('training_plan_subjects').whereIn('block_id', variantBlocks).count({ n: '*' }).first()).toEqual({ n: 0 });
    // With no variant left, the base can be edited again.
    expect((await client.post(planPath(trainingId), base())).status).toBe(200);
  });

  it('refuses to remove a variant followed by a training group', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const planView = await client.get(planPath(ids.trainings.SIO));
    const slam = planView.json.plan.variants.find((v: { name: string }) => v.name === 'SLAM');
    const refused = await client.request('DELETE', `/api/training-center/variants/${slam.id}`);
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([{ path: '', message: 'This variant is followed by a training group: it cannot be removed.' }]);
    expect(await count('training_plan_variants', { id: slam.id })).toBe(1);
  });

  it('opens the editor on a variant, in its session', async () => {
    const client = await as(app, 'pedagogy');
    const previous = await client.get(`${planPath(ids.trainings.SIO)}?trainingSessionId=${ids.previousSession}`);
    const oldSlam = previous.json.plan.variants.find((v: { name: string }) => v.name === 'SLAM');
    const view = await client.get(`/api/centre-de-formation/formations/${ids.trainings.SIO}/plan-de-formation/${oldSlam.id}`);
    expect(view.status).toBe(200);
    expect(view.json.variantId).toBe(oldSlam.id);
    expect(view.json.trainingSession.id).toBe(ids.previousSession);
    const bad = await client.get(`${planPath(ids.trainings.SIO)}/not-a-uuid`);
    expect(bad.status).toBe(422);
    expect(bad.json.errors.map((e: { path: string }) => e.path)).toEqual(['variant']);
  });
});

describe('campus scoping of training plans', () => {
  it('lets nobody change a training offered on a campus they do not run', async () => {
    const pedagogy = await as(app, 'pedagogy');
    const shared = await createTraining(pedagogy, [ids.paris, ids.lyon]);
    // isd runs Paris only; the training is also Lyon's.
    const isd = await as(app, 'isd');
    expect((await isd.get(planPath(shared))).status).toBe(200);
    expectAccessDenied(await isd.post(planPath(shared), base()));
    expectAccessDenied(await isd.post(`/api/training-center/trainings/${shared}/variants`, { trainingSessionId: ids.currentSession, name: 'V', mode: 'create' }));
    // campus-manager runs Lyon only: a Paris-only training is not even visible.
    const lyon = await as(app, 'campus-manager');
    expectAccessDenied(await lyon.get(planPath(ids.trainings.RDC)));
    const rdcVariant = (await pedagogy.get(planPath(ids.trainings.RDC))).json.plan.variants[0];
    expectAccessDenied(await lyon.request('DELETE', `/api/training-center/variants/${rdcVariant.id}`));
    expectAccessDenied(await lyon.post(`/api/training-center/variants/${rdcVariant.id}`, { name: 'Piraté', blocks: [] }));
    expect(await count('training_plan_variants', { id: rdcVariant.id, name: rdcVariant.name })).toBe(1);
  });

  it('lets read-only read the plan and change nothing', async () => {
    const readOnly = await as(app, 'read-only');
    const mco = await readOnly.get(planPath(ids.trainings.MCO));
    expect(mco.status).toBe(200);
    expect(mco.json.plan.variants.map((v: { name: string }) => v.name)).toEqual(['Parcours alternance']);
    const before = await count('training_plan_blocks', {});
    expectAccessDenied(await readOnly.post(planPath(ids.trainings.MCO), base()));
    expectAccessDenied(await readOnly.post('/api/training-center/trainings', { name: 'X', shortName: unique('RO'), campusIds: [ids.paris] }));
    expectAccessDenied(await readOnly.request('DELETE', `/api/training-center/variants/${mco.json.plan.variants[0].id}`));
    expect(await count('training_plan_blocks', {})).toBe(before);
    const teacher = await as(app, 'teacher');
    expectAccessDenied(await teacher.get(planPath(ids.trainings.MCO)));
  });

  it('answers bad ids with 422 and nothing changed', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const response = await client.post('/api/training-center/trainings/42/training-plan', base());
    expect(response.status).toBe(422);
    expect(response.json.errors).toEqual([{ path: 'id', message: 'The id "42" is not a valid UUID.' }]);
    const badSession = await client.get(`${planPath(ids.trainings.MCO)}?trainingSessionId=nope`);
    expect(badSession.json.errors).toEqual([{ path: 'trainingSessionId', message: 'The id "nope" is not a valid UUID.' }]);
  });
});

describe('trainings and grade scales', () => {
  it('creates a training on the actor campuses only, with a unique short name', async () => {
    const client = await as(app, 'isd', 'en');
    const shortName = unique('ISD');
    const created = await client.post('/api/training-center/trainings', { name: 'Formation isd', shortName, isPublished: false, campusIds: [ids.paris] });
    expect(created.status, created.text).toBe(200);
    expect(created.json).toMatchObject({ message: 'The training has been created.', training: { shortName, isPublished: false, campuses: [{ name: 'Paris' }] } });
    const again = await client.post('/api/training-center/trainings', { name: 'Autre', shortName: shortName.toLowerCase(), campusIds: [ids.paris] });
    expect(again.json.errors).toEqual([{ path: 'shortName', message: 'A training already has this short name.' }]);
    expectAccessDenied(await client.post('/api/training-center/trainings', { name: 'Lyon', shortName: unique('LY'), campusIds: [ids.lyon] }));
    const none = await client.post('/api/training-center/trainings', { name: 'Sans campus', shortName: unique('NC'), campusIds: [] });
    expect(none.json.errors).toEqual([{ path: 'campusIds', message: 'Choose at least one campus.' }]);
  });

  it('edits a training, keeping a campus that has groups', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const edited = await client.post(`/api/training-center/trainings/${ids.trainings.NTC}/edit`, { name: 'Titre professionnel NTC', shortName: 'NTC', isPublished: false, campusIds: [ids.lyon, ids.paris] });
    expect(edited.status, edited.text).toBe(200);
    expect(edited.json.training.campuses.map((c: { name: string }) => c.name)).toEqual(['Lyon', 'Paris']);
    const back = await client.post(`/api/training-center/trainings/${ids.trainings.NTC}/edit`, { name: 'Titre professionnel Négociateur technico-commercial', shortName: 'NTC', isPublished: false, campusIds: [ids.lyon] });
    expect(back.status).toBe(200);
    const dropLyon = await client.post(`/api/training-center/trainings/${ids.trainings.MCO}/edit`, { name: 'BTS Management commercial opérationnel', shortName: 'MCO', isPublished: true, campusIds: [ids.paris] });
    expect(dropLyon.json.errors).toEqual([{ path: 'campusIds', message: 'Training groups of this training exist on a removed campus: it cannot be removed.' }]);
  });

  it('saves a grade scale whose elements each have a coefficient', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const trainingId = await createTraining(client, [ids.lyon]);
    const missing = await client.post(`/api/training-center/trainings/${trainingId}/grade-scale`, { elements: [{ name: 'Oral', coefficient: 1 }, { name: 'Écrit', coefficient: '' }] });
    expect(missing.status).toBe(422);
    expect(missing.json.errors).toEqual([{ path: 'elements[1].coefficient', message: 'Each element must have a coefficient.' }]);
    const zero = await client.post(`/api/training-center/trainings/${trainingId}/grade-scale`, { elements: [{ name: 'Oral', coefficient: 0 }] });
    expect(zero.json.errors[0].message).toBe('The coefficient must be greater than 0, with at most two decimals.');
    expect(await count('grade_scale_elements', { training_id: trainingId })).toBe(0);
    const saved = await client.post(`/api/training-center/trainings/${trainingId}/grade-scale`, { elements: [{ name: 'Oral', coefficient: 1 }, { name: 'Écrit', coefficient: 2.5 }] });
    expect(saved.status).toBe(200);
    expect(saved.json.elements.map((e: { name: string; coefficient: number }) => [e.name, e.coefficient])).toEqual([['Oral', 1], ['Écrit', 2.5]]);
    const readOnly = await as(app, 'read-only');
    expect((await readOnly.get(`/api/training-center/trainings/${ids.trainings.MCO}/grade-scale`)).json.elements).toHaveLength(3);
    expectAccessDenied(await readOnly.post(`/api/training-center/trainings/${ids.trainings.MCO}/grade-scale`, { elements: [] }));
    expect(await count('grade_scale_elements', { training_id: ids.trainings.MCO })).toBe(3);
    const isd = await as(app, 'isd');
    expectAccessDenied(await isd.get(`/api/training-center/trainings/${trainingId}/grade-scale`));
  });

  it('keeps the identity of the elements sent back with their id: updated in place, new ones added, the others deleted', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const trainingId = await createTraining(client, [ids.lyon]);
    const path = `/api/training-center/trainings/${trainingId}/grade-scale`;
    const first = await client.post(path, { elements: [{ name: 'Oral', coefficient: 1 }, { name: 'Écrit', coefficient: 2.5 }, { name: 'Projet', coefficient: 1 }] });
    expect(first.status, first.text).toBe(200);
    const [oral, written, project] = first.json.elements as { id: string; uuid: string; name: string; coefficient: number }[];
    expect(oral!.uuid).toBe(oral!.id);

    // Saved again as the GET gave it: nothing changes, not even the ids.
    const view = await client.get(path);
    const unchanged = await client.post(path, { elements: view.json.elements });
    expect(unchanged.status, unchanged.text).toBe(200);
    expect(unchanged.json.elements).toEqual(first.json.elements);

    // Coefficients and names changed, order changed, one left out, one added.
    const saved = await client.post(path, {
      elements: [{ id: written!.id, name: 'Écrit', coefficient: 3 }, { id: oral!.id.toUpperCase(), name: 'Oral final', coefficient: 1.5 }, { name: 'Stage', coefficient: 2 }],
    });
    expect(saved.status, saved.text).toBe(200);
    expect(saved.json.message).toBe('The grade scale has been saved.');
    const elements = saved.json.elements as { id: string; name: string; coefficient: number }[];
    expect(elements.map((e) => [e.name, e.coefficient])).toEqual([['Écrit', 3], ['Oral final', 1.5], ['Stage', 2]]);
    expect(elements.slice(0, 2).map((e) => e.id)).toEqual([written!.id, oral!.id]);
    expect([oral!.id, written!.id, project!.id]).not.toContain(elements[2]!.id);
    expect(await count('grade_scale_elements', { id: project!.id })).toBe(0);
    expect(await count('grade_scale_elements', { training_id: trainingId })).toBe(3);
    expect((await client.get(path)).json.elements).toEqual(elements);

    // Emptied: every element goes.
    const emptied = await client.post(path, { elements: [] });
    expect(emptied.json.elements).toEqual([]);
    expect(await count('grade_scale_elements', { training_id: trainingId })).toBe(0);
  });

  it('refuses an id that is not an element of the training, and then changes nothing', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const trainingId = await createTraining(client, [ids.lyon]);
    const path = `/api/training-center/trainings/${trainingId}/grade-scale`;
    const first = await client.post(path, { elements: [{ name: 'Oral', coefficient: 1 }, { name: 'Écrit', coefficient: 2 }] });
    expect(first.status, first.text).toBe(200);
    const [oral, written] = first.json.elements as { id: string }[];
    const rows = () => app.core.db.knex('grade_scale_elements').where('training_id', trainingId).orderBy('id').select('id', 'name', 'coefficient', 'position');
    const before = await rows();
    const foreign = (await app.core.db.knex('grade_scale_elements').where('training_id', ids.trainings.MCO).first('id')).id as string;

    const refused = await client.post(path, {
      elements: [{ id: written!.id, name: 'Écrit', coefficient: 4 }, { id: foreign, name: 'Volé', coefficient: 1 }, { id: crypto.randomUUID(), name: 'Inventé', coefficient: 1 }, { name: 'Nouveau', coefficient: 1 }],
    });
    expect(refused.status).toBe(422);
    expect(refused.json.errors).toEqual([
      { path: 'elements[1].id', message: 'This element does not belong to this training\'s grade scale.' },
      { path: 'elements[2].id', message: 'This element does not belong to this training\'s grade scale.' },
    ]);
    const twice = await client.post(path, { elements: [{ id: oral!.id, name: 'Oral', coefficient: 1 }, { id: oral!.id, name: 'Oral bis', coefficient: 2 }] });
    expect(twice.status).toBe(422);
    expect(twice.json.errors).toEqual([{ path: 'elements[1].id', message: 'This element appears twice in the grade scale.' }]);
    const malformed = await client.post(path, { elements: [{ id: 'x', name: 'Oral', coefficient: 1 }] });
    expect(malformed.status).toBe(422);
    expect(malformed.json.errors.map((e: { path: string }) => e.path)).toEqual(['elements[0].id']);
    const french = await as(app, 'pedagogy');
    expect((await french.post(path, { elements: [{ id: foreign, name: 'Volé', coefficient: 1 }] })).json.errors).toEqual([
      { path: 'elements[0].id', message: 'Cet élément n\'appartient pas au barème de notation de cette formation.' },
    ]);

    expect(await rows()).toEqual(before);
    expect(await count('grade_scale_elements', { id: foreign })).toBe(1);
  });

  it('leaves the exams and appraisals of the marks module tied to an element saved again', async () => {
    const client = await as(app, 'pedagogy', 'en');
    const knex = app.core.db.knex;
    const trainingId = await createTraining(client, [ids.lyon]);
    const path = `/api/training-center/trainings/${trainingId}/grade-scale`;
    const first = await client.post(path, { elements: [{ name: 'Oral', coefficient: 1 }, { name: 'Écrit', coefficient: 2 }] });
    const [oral, written] = first.json.elements as { id: string; name: string; coefficient: number }[];
    const someone = (await knex('actors').orderBy('id').first('id')).id as string;
    const [exam] = await knex('courses_exams')
      .insert({ campus_id: ids.lyon, teacher_id: someone, school_subject_id: ids.subjects.CGE, title: 'Examen', exam_date: '2027-01-12', start_time: '09:00', duration_minutes: 60, coefficient: 1 })
      .returning('id');
    try {
      await knex('marks_exam_settings').insert({ exam_id: exam.id, grade_scale_element_id: written!.id, semester: 2 });
      await knex('marks_subject_appraisals').insert({ student_id: someone, grade_scale_element_id: written!.id, semester: 2, text: 'Des progrès.' });

      const saved = await client.post(path, { elements: [{ ...oral }, { ...written, coefficient: 3 }] });
      expect(saved.status, saved.text).toBe(200);
      expect((await knex('marks_exam_settings').where('exam_id', exam.id).first('grade_scale_element_id')).grade_scale_element_id).toBe(written!.id);
      expect(await count('marks_subject_appraisals', { grade_scale_element_id: written!.id })).toBe(1);
      expect(Number((await knex('grade_scale_elements').where('id', written!.id).first('coefficient')).coefficient)).toBe(3);

      // Left out, the element goes: the exam must be tied again (SET NULL), its appraisals go with it (CASCADE).
      expect((await client.post(path, { elements: [oral] })).status).toBe(200);
      expect((await knex('marks_exam_settings').where('exam_id', exam.id).first('grade_scale_element_id')).grade_scale_element_id).toBeNull();
      expect(await count('marks_subject_appraisals', { grade_scale_element_id: written!.id })).toBe(0);
    } finally {
      await knex('courses_exams').where('id', exam.id).delete();
    }
  });
});
