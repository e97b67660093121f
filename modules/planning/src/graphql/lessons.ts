import { assertIdArgs, type CompiledSelection, type GraphqlContext, type GraphqlContribution } from '@alterna/core';
import type { PlanningServices } from '../services/index.js';
import { eventLessonSchedule } from '../services/lesson-json.js';
import type { ProgressLine } from '../services/progress.js';
import type { TrainerConstraint } from '../services/trainer-constraints.js';
import type { Lesson } from '../types.js';

// The small shared types (PlanningCampus, PlanningPerson, PlanningRoom…) are in ./typeDefs.ts. Objects carry
// `uuid` (and `id`): no type resolvers.
const typeDefs = /* GraphQL */ `
  "SPEC §3 EventLessonSchedule: dates are ISO 8601 UTC; lessonStatus active, locked or cancelled."
  type EventLessonSchedule {
    uuid: ID! startDate: String! endDate: String! remote: String! lessonType: String! lessonStatus: String!
    lessonCancellationType: String cancelDesc: String description: String campus: PlanningCampus!
    teacherContracts: [PlanningTeacherContract!]! teachers: [PlanningPerson!]! rooms: [PlanningRoom!]!
    schoolSubject: PlanningSubject planningGroups: [PlanningGroupRef!]! attendanceStarted: Boolean!
  }
  type ScheduleTrainerConstraint { uuid: ID! allDay: Boolean! startDate: String! endDate: String! description: String teacher: PlanningPerson! }
  type EventLessonSchedulesAndScheduleTrainerConstraintByTeacher {
    eventLessonSchedules: [EventLessonSchedule!]! scheduleTrainerConstraints: [ScheduleTrainerConstraint!]!
  }
  "A room of the campuses over a period: available when no active lesson (but the one being edited) nor booking holds it."
  type RoomUse { room: PlanningRoom! campus: PlanningCampus! available: Boolean! lessons: [EventLessonSchedule!]! }
  "deliveredHours: of the planned hours, those of lessons whose attendance sheet is closed."
  type ProgressLine { schoolSubject: PlanningSubject! targetHours: Float! plannedHours: Float! deliveredHours: Float! }
  type PlanningGroupProgress { planningGroup: PlanningGroupRef! lines: [ProgressLine!]! }
  type TeacherProgress { teacher: PlanningPerson! lines: [ProgressLine!]! }
  type PlanningProgress { planningGroups: [PlanningGroupProgress!]! teachers: [TeacherProgress!]! }

  input CreateEventLessonScheduleInput {
    clientMutationId: String campus: ID! startDate: String! endDate: String! remote: String lessonType: String description: String
    teachers: [ID!] teacherContracts: [ID!] rooms: [ID!] schoolSubject: ID planningGroups: [ID!]
  }
  "Omitted fields stay. lessonStatus 'locked' locks, 'active' unlocks; a lessonCancellationType cancels (cancelDesc: its comment)."
  input UpdateEventLessonScheduleInput {
    clientMutationId: String id: ID! startDate: String endDate: String remote: String lessonType: String description: String
    teachers: [ID!] teacherContracts: [ID!] rooms: [ID!] schoolSubject: ID planningGroups: [ID!]
    lessonStatus: String lessonCancellationType: String cancelDesc: String
  }
  type EventLessonSchedulePayload { clientMutationId: String eventLessonSchedule: EventLessonSchedule }

  extend type Query {
    "Active and locked lessons of the campuses the viewer may read (narrowed by campusList); never cancelled ones (SPEC §4)."
    EventLessonSchedules(
      campusList: [ID!], planningGroupsIdList: [ID!], roomsIdList: [ID!], schoolSubjectId: ID, teachersIdList: [ID!],
      startDate: String, endDate: String, lessonType: String, remote: String
    ): [EventLessonSchedule!]!
    EventLessonSchedulesByPlanningGroup(id: ID!, campusList: [ID!]): [EventLessonSchedule!]!
    EventLessonSchedulesByRoom(id: ID!, campusList: [ID!]): [EventLessonSchedule!]!
    EventLessonSchedulesBySchoolSubject(planningGroupsId: [ID!]!, schoolSubjectId: ID!): [EventLessonSchedule!]!
    EventLessonSchedulesById(idList: [ID!]!, campusList: [ID!]): [EventLessonSchedule!]!
    "The only read that returns cancelled lessons (SPEC §4)."
    EventLessonSchedulesByIdWithCancel(idList: [ID!]!, campusList: [ID!]): [EventLessonSchedule!]!
    EventLessonSchedulesAndScheduleTrainerConstraintByTeacher(id: ID!, campusList: [ID!]): EventLessonSchedulesAndScheduleTrainerConstraintByTeacher!
    RoomsUseByDate(buildingSiteCampusList: [ID!]!, startDate: String!, endDate: String!, uuidEventLessonSchedule: ID): [RoomUse!]!
    PlanningProgress(teacherIdList: [ID!], planningGroupIdList: [ID!]): PlanningProgress!
  }
  extend type Mutation {
    CreateEventLessonSchedule(input: CreateEventLessonScheduleInput!): EventLessonSchedulePayload!
    UpdateEventLessonSchedule(input: UpdateEventLessonScheduleInput!): EventLessonSchedulePayload!
  }
`;

type Args = Record<string, any>;
const withId = <T extends { id: string }>(value: T) => ({ ...value, uuid: value.id });

const progressLine = (line: ProgressLine) => ({ ...line, schoolSubject: withId(line.schoolSubject) });

/** Thin resolvers: ids checked, the service checks permission, campus and rules. */
export const lessonsGraphql: Omit<GraphqlContribution<PlanningServices>, 'permissions'> = {
  typeDefs,
  resolvers: (services) => {
    const lessons = (list: Promise<Lesson[]>) => list.then((found) => found.map(eventLessonSchedule));
    const constraint = (c: TrainerConstraint, teacher: { id: string; firstName: string; lastName: string }) => ({
      id: c.id, uuid: c.id, allDay: c.allDay, startDate: c.startAt, endDate: c.endAt, description: c.description, teacher: withId(teacher),
    });
    const payload = (input: Args) => (lesson: Lesson) => ({ clientMutationId: input.clientMutationId ?? null, eventLessonSchedule: eventLessonSchedule(lesson) });
    return {
      Query: {
        EventLessonSchedules(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['campusList', 'planningGroupsIdList', 'roomsIdList', 'schoolSubjectId', 'teachersIdList']);
          return lessons(services.lessons.list(ctx.actor, args, ctx.t));
        },
        EventLessonSchedulesByPlanningGroup(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['id', 'campusList']);
          return lessons(services.lessons.byPlanningGroup(ctx.actor, args.id, args.campusList));
        },
        EventLessonSchedulesByRoom(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['id', 'campusList']);
          return lessons(services.lessons.byRoom(ctx.actor, args.id, args.campusList));
        },
        EventLessonSchedulesBySchoolSubject(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['planningGroupsId', 'schoolSubjectId']);
          return lessons(services.lessons.bySchoolSubject(ctx.actor, args.planningGroupsId, args.schoolSubjectId));
        },
        EventLessonSchedulesById(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['idList', 'campusList']);
          return lessons(services.lessons.byIds(ctx.actor, args.idList, args.campusList, false));
        },
        EventLessonSchedulesByIdWithCancel(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['idList', 'campusList']);
          return lessons(services.lessons.byIds(ctx.actor, args.idList, args.campusList, true));
        },
        async EventLessonSchedulesAndScheduleTrainerConstraintByTeacher(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['id', 'campusList']);
          const found = await services.lessons.byTeacherWithConstraints(ctx.actor, args.id, args.campusList);
          const teacher = found.teacher ?? { id: args.id, firstName: '', lastName: '' };
          return {
            eventLessonSchedules: found.lessons.map(eventLessonSchedule),
            scheduleTrainerConstraints: found.constraints.map((c) => constraint(c, teacher)),
          };
        },
        async RoomsUseByDate(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['buildingSiteCampusList', 'uuidEventLessonSchedule']);
          const uses = await services.lessons.roomsUseByDate(ctx.actor, args.buildingSiteCampusList, args.startDate, args.endDate, args.uuidEventLessonSchedule ?? null, ctx.t);
          return uses.map((use) => ({
            room: { ...withId(use.room), building: { id: use.room.buildingId, uuid: use.room.buildingId, name: use.room.buildingName } },
            campus: withId(use.campus),
            available: use.available,
            lessons: use.lessons.map(eventLessonSchedule),
          }));
        },
        async PlanningProgress(_: unknown, args: Args, ctx: GraphqlContext) {
          assertIdArgs(ctx.t, args, ['teacherIdList', 'planningGroupIdList']);
          const progress = await services.progress.progress(ctx.actor, args.teacherIdList ?? [], args.planningGroupIdList ?? []);
          return {
            planningGroups: progress.planningGroups.map((entry) => ({ planningGroup: withId(entry.planningGroup), lines: entry.lines.map(progressLine) })),
            teachers: progress.teachers.map((entry) => ({ teacher: withId(entry.teacher), lines: entry.lines.map(progressLine) })),
          };
        },
      },
      Mutation: {
        CreateEventLessonSchedule(_: unknown, args: Args, ctx: GraphqlContext) {
          return services.lessons.create(ctx.actor, args.input, ctx.t).then(payload(args.input));
        },
        UpdateEventLessonSchedule(_: unknown, args: Args, ctx: GraphqlContext) {
          return services.lessons.update(ctx.actor, args.input, ctx.t).then(payload(args.input));
        },
      },
    };
  },
  // The calendar's week: hundreds of lessons of a dozen fields each, written as JSON text by the planning service.
  compiled: (services) => ({
    EventLessonSchedules(args: Args, ctx: GraphqlContext, selections: CompiledSelection[]) {
      assertIdArgs(ctx.t, args, ['campusList', 'planningGroupsIdList', 'roomsIdList', 'schoolSubjectId', 'teachersIdList']);
      return services.lessons.listJson(ctx.actor, args, ctx.t, selections);
    },
  }),
};
