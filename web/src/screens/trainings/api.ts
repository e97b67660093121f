/** The trainings module's server shapes (@alterna/trainings/types) and the calls the screens make. */
import type {
  GradeScaleElement,
  PlanBlock,
  SchoolSubject,
  Training,
  TrainingGroup,
  TrainingPlan,
  TrainingSession,
} from '@alterna/trainings/types';
import { currentLanguage } from '../../language';
import { gql, type GqlOptions } from '../../shared/gql';
import { requestJson } from '../../shared/http';

export type { GradeScaleElement, PlanBlock, SchoolSubject, Training, TrainingGroup, TrainingPlan, TrainingSession };

export interface TrainingPlanView {
  training: Training;
  sessions: TrainingSession[];
  trainingSession: TrainingSession | null;
  plan: TrainingPlan | null;
  variantId?: string;
}

/** API paths in the interface language (the server answers both). */
const base = () => (currentLanguage() === 'fr' ? '/api/centre-de-formation' : '/api/training-center');
const fr = () => currentLanguage() === 'fr';
const id = (value: string) => encodeURIComponent(value);

export const apiPaths = {
  trainings: () => `${base()}/${fr() ? 'formations' : 'trainings'}`,
  trainingEdit: (trainingId: string) => `${apiPaths.trainings()}/${id(trainingId)}/${fr() ? 'modifier' : 'edit'}`,
  plan: (trainingId: string) => `${apiPaths.trainings()}/${id(trainingId)}/${fr() ? 'plan-de-formation' : 'training-plan'}`,
  newVariant: (trainingId: string) => `${apiPaths.trainings()}/${id(trainingId)}/${fr() ? 'variantes' : 'variants'}`,
  variant: (variantId: string) => `${base()}/${fr() ? 'variantes' : 'variants'}/${id(variantId)}`,
  groups: () => `${base()}/${fr() ? 'groupes' : 'groups'}`,
  group: (groupId: string) => `${apiPaths.groups()}/${id(groupId)}`,
  groupEdit: (groupId: string) => `${apiPaths.group(groupId)}/${fr() ? 'modifier' : 'edit'}`,
  gradeScale: (trainingId: string) => `${apiPaths.trainings()}/${id(trainingId)}/${fr() ? 'bareme-de-notation' : 'grade-scale'}`,
  export: () => `${base()}/export`,
};

const subjectFields = 'id uuid name shortName level color archived';
const trainingFields = 'id uuid name shortName isPublished campuses { id uuid name }';
const sessionFields = 'id uuid name startDate endDate isCurrent';
const groupFields = `id uuid name shortName startDate endDate campus { id uuid name } trainingSession { ${sessionFields} }
  training { id uuid name shortName isPublished } variant { id uuid name }`;

export async function loadSubjects(options: GqlOptions = {}): Promise<SchoolSubject[]> {
  return (await gql<{ schoolSubjects: SchoolSubject[] }>(`query SchoolSubjects { schoolSubjects { ${subjectFields} } }`, {}, options)).schoolSubjects;
}

export async function createSubject(input: Record<string, unknown>): Promise<{ message: string }> {
  return (await gql<{ CreateSchoolSubject: { message: string } }>(
    `mutation CreateSchoolSubject($input: CreateSchoolSubjectInput!) { CreateSchoolSubject(input: $input) { message schoolSubject { ${subjectFields} } } }`,
    { input },
    { silent: true },
  )).CreateSchoolSubject;
}

export async function updateSubject(input: Record<string, unknown>, options: { silent?: boolean } = {}): Promise<{ message: string; schoolSubject: { uuid: string; archived: boolean } }> {
  return (await gql<{ UpdateSchoolSubject: { message: string; schoolSubject: { uuid: string; archived: boolean } } }>(
    'mutation UpdateSchoolSubject($input: UpdateSchoolSubjectInput!) { UpdateSchoolSubject(input: $input) { message schoolSubject { uuid archived } } }',
    { input },
    options,
  )).UpdateSchoolSubject;
}

export async function loadTrainings(options: GqlOptions = {}): Promise<Training[]> {
  return (await gql<{ trainings: Training[] }>(`query Trainings { trainings { ${trainingFields} } }`, {}, options)).trainings;
}

export async function loadSessions(options: GqlOptions = {}): Promise<TrainingSession[]> {
  return (await gql<{ trainingSessions: TrainingSession[] }>(`query TrainingSessions { trainingSessions { ${sessionFields} } }`, {}, options)).trainingSessions;
}

export async function loadGroups(trainingSessionId: string | null, options: GqlOptions = {}): Promise<TrainingGroup[]> {
  return (await gql<{ trainingGroups: TrainingGroup[] }>(
    `query TrainingGroups($trainingSessionId: ID) { trainingGroups(trainingSessionId: $trainingSessionId) { ${groupFields} } }`,
    { trainingSessionId },
    options,
  )).trainingGroups;
}

export async function loadGroup(groupId: string): Promise<TrainingGroup> {
  return (await requestJson<{ trainingGroup: TrainingGroup }>('GET', apiPaths.group(groupId))).trainingGroup;
}

export function loadPlan(trainingId: string, options: { variantId?: string | null; trainingSessionId?: string | null } = {}): Promise<TrainingPlanView> {
  if (options.variantId) return requestJson('GET', `${apiPaths.plan(trainingId)}/${id(options.variantId)}`);
  const query = options.trainingSessionId ? `?trainingSessionId=${id(options.trainingSessionId)}` : '';
  return requestJson('GET', `${apiPaths.plan(trainingId)}${query}`);
}

export function loadGradeScale(trainingId: string): Promise<{ training: Training; elements: GradeScaleElement[] }> {
  return requestJson('GET', apiPaths.gradeScale(trainingId));
}

/** Form values of a block editor: strings where the user types. */
export interface BlockValues {
  name: string;
  subjects: { schoolSubjectId: string | null; hours: number | null }[];
}

export function blocksToValues(blocks: PlanBlock[]): BlockValues[] {
  return blocks.map((block) => ({
    name: block.name,
    subjects: block.schoolSubjectLines.map((line) => ({ schoolSubjectId: line.schoolSubject.id, hours: line.hours })),
  }));
}

/** Total of the hours typed so far (ignores what is not yet a number). */
export function blocksHours(blocks: BlockValues[]): number {
  const total = blocks.reduce((sum, b) => sum + b.subjects.reduce((s, l) => s + (l.hours !== null && l.hours > 0 ? l.hours : 0), 0), 0);
  return Math.round(total * 100) / 100;
}
