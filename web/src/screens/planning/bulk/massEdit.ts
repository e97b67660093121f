import type { AnyObjectSchema } from 'yup';
import { bulkPreviewSchema, moveUnits } from '@alterna/planning/validation';
import type { EditAction, EditManyBody } from './api';

export const editActions: EditAction[] = ['edit', 'move', 'cancel', 'delete'];
export { moveUnits };
export type MoveUnit = (typeof moveUnits)[number];

/** Step 1 picks lessonIds; step 2 the action and its values; step 3 confirms the preview. */
export interface MassEditValues {
  lessonIds: string[];
  action: EditAction;
  edit: { planningGroups: string[]; rooms: string[]; teachers: string[]; schoolSubject: string | null; lessonType: string | null; remote: string | null };
  move: { delay: number | string | null; unit: MoveUnit; direction: 'later' | 'earlier' };
  cancel: { cancellationType: string; comment: string };
}

export const initialMassEdit = (): MassEditValues => ({
  lessonIds: [],
  action: 'edit',
  edit: { planningGroups: [], rooms: [], teachers: [], schoolSubject: null, lessonType: null, remote: null },
  move: { delay: 1, unit: 'days', direction: 'later' },
  cancel: { cancellationType: '', comment: '' },
});

/** What the edit action changes: only the values the planner set. */
export function changedValues(edit: MassEditValues['edit']): NonNullable<EditManyBody['edit']> {
  const out: NonNullable<EditManyBody['edit']> = {};
  if (edit.planningGroups.length) out.planningGroups = edit.planningGroups;
  if (edit.rooms.length) out.rooms = edit.rooms;
  if (edit.teachers.length) out.teachers = edit.teachers;
  if (edit.schoolSubject) out.schoolSubject = edit.schoolSubject;
  if (edit.lessonType) out.lessonType = edit.lessonType;
  if (edit.remote) out.remote = edit.remote;
  return out;
}

/** SPEC §5 mass edit rules: the server's preview schema (same messages) run on the body the wizard sends. */
export const massEditSchema = {
  validate: (values: MassEditValues, options?: object) => bulkPreviewSchema.validate(editManyBody(values), options),
} as unknown as AnyObjectSchema;

export const stepOfEditPath = (path: string) => (path === 'lessonIds' || path.startsWith('lessonIds[') ? 0 : 1);

/** The body of the preview and of the run (without requestId). */
export function editManyBody(values: MassEditValues): EditManyBody {
  const body: EditManyBody = { lessonIds: values.lessonIds, action: values.action };
  if (values.action === 'edit') body.edit = changedValues(values.edit);
  if (values.action === 'move') body.move = { delay: Number(values.move.delay), unit: values.move.unit, direction: values.move.direction };
  if (values.action === 'cancel') body.cancel = { cancellationType: values.cancel.cancellationType, comment: values.cancel.comment.trim() };
  return body;
}
