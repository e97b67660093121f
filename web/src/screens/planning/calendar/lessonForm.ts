import * as yup from 'yup';
import { fromParisInput, toParisInput } from '../shared/time';
import type { LessonEvent, LessonInput } from './api';

/** The SPEC Lesson form: planning groups, trainer, room, subject, type, remote, start, end, comment. */
export interface LessonFormValues {
  campus: string;
  planningGroups: string[];
  teachers: string[];
  rooms: string[];
  schoolSubject: string | null;
  lessonType: string;
  remote: string;
  /** Paris wall-clock 'YYYY-MM-DDTHH:mm'. */
  startDate: string;
  endDate: string;
  description: string;
}

/** The rules the server also checks speak with the server's words (planning's lesson rules). */
const rule = (name: string) => ({ key: `planning.lessons.rules.${name}` });

/** SPEC §5 lesson rules, checked before the server (which checks them again, with conflicts and sessions). */
export const lessonSchema = yup.object({
  campus: yup.string().required(),
  startDate: yup.string().required(),
  endDate: yup
    .string()
    .required()
    .test('after-start', rule('startBeforeEnd'), function (end) {
      const start = this.parent.startDate as string;
      return !start || !end || end > start;
    }),
  planningGroups: yup.array(yup.string().required()).test('groups-or-resources', rule('groupOrTeacherAndRoom'), function (groups) {
    const { teachers, rooms } = this.parent as LessonFormValues;
    return (groups?.length ?? 0) > 0 || (teachers.length > 0 && rooms.length > 0);
  }),
  schoolSubject: yup
    .string()
    .nullable()
    .test('subject-for-trainer', rule('subjectWithTeacher'), function (subject) {
      return !!subject || !(this.parent as LessonFormValues).teachers.length;
    })
    .test('subject-for-group', rule('subjectWithGroup'), function (subject) {
      return !!subject || !(this.parent as LessonFormValues).planningGroups.length;
    }),
});

export function emptyLesson(campus: string, start: string, end: string): LessonFormValues {
  return { campus, planningGroups: [], teachers: [], rooms: [], schoolSubject: null, lessonType: 'course', remote: 'present', startDate: start, endDate: end, description: '' };
}

export function lessonValues(lesson: LessonEvent): LessonFormValues {
  return {
    campus: lesson.campus.uuid,
    planningGroups: lesson.planningGroups.map((g) => g.uuid),
    teachers: lesson.teachers.map((t) => t.uuid),
    rooms: lesson.rooms.map((r) => r.uuid),
    schoolSubject: lesson.schoolSubject?.uuid ?? null,
    lessonType: lesson.lessonType,
    remote: lesson.remote,
    startDate: toParisInput(lesson.startDate),
    endDate: toParisInput(lesson.endDate),
    description: lesson.description ?? '',
  };
}

/** The mutation input of the form (dates as instants with the Paris offset). */
export function lessonInput(values: LessonFormValues): LessonInput {
  return {
    campus: values.campus,
    planningGroups: values.planningGroups,
    teachers: values.teachers,
    rooms: values.rooms,
    schoolSubject: values.schoolSubject || null,
    lessonType: values.lessonType,
    remote: values.remote,
    startDate: fromParisInput(values.startDate),
    endDate: fromParisInput(values.endDate),
    description: values.description.trim() || null,
  };
}
