import { NotFoundError, idParam, yup, type RouteContext, type RouteDefinition } from '@alterna/core';
import { perm } from '../permissions.js';
import type { AttendanceServices } from '../services/index.js';
import type { Device } from '../services/signatures.js';
import { checkInSchema, sheetSaveSchema, signatureSchema, type LineStatus } from '../validation/index.js';
import { absenceRoutes } from './absences.js';
import { exportRoutes } from './export.js';
import { paths, sheetPaths } from './paths.js';

type Route = RouteDefinition<AttendanceServices>;
type Ctx = RouteContext<any, AttendanceServices>;

const device = (ctx: Ctx): Device => ({ ip: ctx.koa.ip || null, userAgent: ctx.koa.get('user-agent').slice(0, 1000) || null });

/** SPEC §2's detail views of a line (GET), by the status they show. */
const details: Record<string, LineStatus> = {
  retard: 'late', absence: 'absent', 'temporary-exit': 'temporary-exit', 'temporary-exclusion': 'temporary-exclusion', fraud: 'fraud', 'early-exit': 'early-exit',
};

/** SPEC §2's one-tap actions on a line, and the status each records. */
const actions: Record<string, LineStatus> = {
  attendance: 'present', 'without-signature': 'without-signature', retard: 'late', 'early-exit': 'early-exit',
  'temporary-exit': 'temporary-exit', 'temporary-exclusion': 'temporary-exclusion', fraud: 'fraud', absent: 'absent',
};
const lineActionSchema = yup.object({
  arrivedAt: yup.string().nullable(), leftAt: yup.string().nullable(), exitFrom: yup.string().nullable(), exitTo: yup.string().nullable(),
  comment: yup.string().nullable().max(1000, 'attendance.validation.tooLong'),
});

/**
 * The sheet routes under a base. `teacherOf` names whose page it is: the `:teacher` param (staff and the teacher)
 * or the actor (`/my-courses/…`). The lesson must be that teacher's and of that subject, else 404.
 */
function sheetRoutes(prefix: string, base: ReturnType<typeof sheetPaths>, teacherOf: (ctx: Ctx) => string | undefined): Route[] {
  const lesson = async (ctx: Ctx) => {
    await ctx.services.sheets.assertPath(ctx.actor, ctx.params.lesson!, { teacherId: teacherOf(ctx), schoolSubjectId: ctx.params.schoolSubject! });
    return ctx.params.lesson!;
  };
  const params = (extra: string[] = []) => ['schoolSubject', 'lesson', ...(prefix === 'teacher' ? ['teacher'] : []), ...extra];
  return [
    {
      name: `${prefix}_attendance`, method: 'get', permission: perm.sheetRead, uuidParams: params(), path: base.sheet,
      handler: async (ctx) => ctx.services.sheets.page(ctx.actor, await lesson(ctx)),
    },
    {
      name: `${prefix}_attendance_open`, method: 'post', permission: perm.sheetTake, uuidParams: params(), path: base.sheet,
      handler: async (ctx) => ctx.services.sheets.open(ctx.actor, await lesson(ctx), ctx.t),
    },
    {
      name: `${prefix}_attendance_lines`, method: 'post', permission: perm.sheetTake, uuidParams: params(), body: sheetSaveSchema, path: base.lines,
      handler: async (ctx) => ctx.services.sheets.save(ctx.actor, await lesson(ctx), ctx.body.lines, ctx.t),
    },
    {
      name: `${prefix}_attendance_qr`, method: 'get', permission: perm.sheetTake, uuidParams: params(), path: base.qr,
      handler: async (ctx) => ctx.services.sheets.qr(ctx.actor, await lesson(ctx), ctx.t),
    },
    {
      name: `${prefix}_attendance_close`, method: 'post', permission: perm.sheetTake, uuidParams: params(), body: signatureSchema, path: base.close,
      handler: async (ctx) => ctx.services.sheets.close(ctx.actor, await lesson(ctx), ctx.body.strokes, device(ctx), ctx.t),
    },
    {
      name: `${prefix}_attendance_proof`, method: 'get', permission: perm.sheetRead, uuidParams: params(), path: base.proof,
      handler: async (ctx) => ctx.services.sheets.verify(ctx.actor, await lesson(ctx)),
    },
    {
      name: `${prefix}_attendance_line_detail`, method: 'get', permission: perm.sheetRead, uuidParams: params(['line']), path: base.detail,
      handler: async (ctx) => {
        const status = details[ctx.params.detail!];
        // An unknown detail name is no page, like an unknown id.
        if (!status) throw new NotFoundError('detail');
        return ctx.services.sheets.lineDetail(ctx.actor, await lesson(ctx), ctx.params.line!, status);
      },
    },
    {
      name: `${prefix}_attendance_device_signature`, method: 'post', permission: perm.sheetTake, uuidParams: params(['line']), body: signatureSchema,
      path: base.deviceSignature,
      handler: async (ctx) => ctx.services.sheets.signOnDevice(ctx.actor, await lesson(ctx), ctx.params.line!, ctx.body.strokes, device(ctx), ctx.t),
    },
    {
      name: `${prefix}_attendance_line_action`, method: 'post', permission: perm.sheetTake, uuidParams: params(['line']), body: lineActionSchema,
      path: base.lineAction,
      handler: async (ctx) => {
        const status = actions[ctx.params.action!];
        if (!status) ctx.services.sheets.unknownAction(ctx.t, Object.keys(actions));
        return ctx.services.sheets.save(ctx.actor, await lesson(ctx), [{ id: ctx.params.line!, status: status!, ...ctx.body }], ctx.t);
      },
    },
  ];
}

/** SPEC §2 "Attendance (teacher space)" and "Courses": the sheet of a lesson; the student's check-in and signature. */
export const routes: Route[] = [
  ...sheetRoutes('teacher', paths.teacher, (ctx) => ctx.params.teacher),
  ...sheetRoutes('my_courses', paths.mine, (ctx) => ctx.actor?.id),
  {
    // Staff of the contracts' campuses, or the teacher: hours planned and delivered per contract.
    name: 'teacher_contract_hours', method: 'get', permission: perm.sheetRead, uuidParams: ['teacher'], path: paths.contractHours,
    handler: async (ctx) => ({ contracts: await ctx.services.contractHours.ofTeacher(ctx.actor, ctx.params.teacher!) }),
  },
  {
    name: 'my_courses_lessons', method: 'get', permission: perm.sheetTake, path: paths.myLessons,
    handler: (ctx) => ctx.services.timetable.day(ctx.actor, ctx.services.timetable.dayParam(ctx.query.date, ctx.t)),
  },
  {
    // Issue #25: the teacher's own past lessons whose sheet is not closed (the home flags them).
    name: 'my_courses_unclosed_sheets', method: 'get', permission: perm.sheetTake, path: paths.myUnclosed,
    handler: async (ctx) => ({ lessons: await ctx.services.unclosed.mine(ctx.actor) }),
  },
  {
    // Staff: the same per campus, for the campuses they read (`?campus=` narrows to one).
    name: 'attendance_unclosed_sheets', method: 'get', permission: perm.sheetReadStaff, path: paths.unclosed,
    handler: async (ctx) => ({ lessons: await ctx.services.unclosed.ofCampuses(ctx.actor, idParam(ctx.query.campus, 'campus', ctx.t)) }),
  },
  {
    name: 'attendance_check_in', method: 'post', permission: perm.selfCheckIn, body: checkInSchema, path: paths.checkIn,
    handler: (ctx) => ctx.services.students.checkIn(ctx.actor, ctx.body, ctx.t),
  },
  {
    name: 'my_attendance', method: 'get', permission: perm.selfCheckIn, path: paths.myAttendance,
    handler: async (ctx) => ({ lines: await ctx.services.students.mine(ctx.actor) }),
  },
  {
    name: 'my_attendance_signature', method: 'post', permission: perm.selfCheckIn, uuidParams: ['lesson'], body: signatureSchema, path: paths.mySignature,
    handler: (ctx) => ctx.services.students.sign(ctx.actor, ctx.params.lesson!, ctx.body.strokes, device(ctx), ctx.t),
  },
  ...absenceRoutes,
  ...exportRoutes,
];
