import { assertIdArgs, NotLoggedInError, validate, type GraphqlContext } from '@alterna/core';
import { closureRangeSchema, closureSchema, modelTimeSlotSchema, modelTimeSlotUpdateSchema, timeSlotSchema } from '../validation/index.js';
import { publicHolidays } from '../rules/holidays.js';
import type { TrainingCentreServices } from '../services/index.js';
import type { ModelTimeSlot, TimeSlot } from '../services/time-slots.js';
import type { BuildingInfo, CampusInfo, SiteInfo } from '../services/campuses.js';

type Input<T> = { input: T & { clientMutationId?: string | null } };
const withUuid = { uuid: (o: { id: string }) => o.id };

/** Thin resolvers: check ids, hand the actor to the services (which check permission and campus). */
export const resolvers = (services: TrainingCentreServices) => ({
  // Services answer plain trees; going down, each child learns its parent, so a room read through its
  // campus still answers building { site { campus } } without another query.
  Campus: withUuid,
  CampusInfo: { ...withUuid, sites: (campus: CampusInfo) => campus.sites.map((site) => ({ ...site, campus })) },
  Site: { ...withUuid, buildings: (site: SiteInfo) => (site.buildings ?? []).map((building) => ({ ...building, site })) },
  Building: { ...withUuid, rooms: (building: BuildingInfo) => (building.rooms ?? []).map((room) => ({ ...room, building })) },
  Room: withUuid,
  ModelTimeSlot: { ...withUuid, timeSlots: (model: ModelTimeSlot) => model.timeSlots.map((slot) => ({ ...slot, modelTimeSlot: model })) },
  ScheduleCampusClosure: withUuid,
  TimeSlot: {
    ...withUuid,
    modelTimeSlot: (slot: TimeSlot & { modelTimeSlot?: ModelTimeSlot }, _: unknown, ctx: GraphqlContext) =>
      slot.modelTimeSlot ?? services.timeSlots.model(ctx.actor, slot.modelTimeSlotId),
  },
  Query: {
    async getCampusInfo(_: unknown, args: { campusId: string }, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { campusId: args.campusId });
      const [campus] = await services.campuses.info(ctx.actor, [args.campusId]);
      return campus ?? null;
    },
    CampusesInfo(_: unknown, args: { campusList?: string[] | null }, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { campusList: args.campusList });
      return services.campuses.info(ctx.actor, args.campusList ?? null);
    },
    getRoomsWithBuildingWithCampus(_: unknown, args: { actorId: string; campusList?: string[] | null }, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { actorId: args.actorId, campusList: args.campusList });
      return services.rooms.forActor(ctx.actor, args.actorId, args.campusList ?? null);
    },
    ModelTimeSlots(_: unknown, args: { campusList?: string[] | null }, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { campusList: args.campusList });
      return services.timeSlots.models(ctx.actor, args.campusList ?? null);
    },
    ModelTimeSlot(_: unknown, args: { modelTimeSlotId: string }, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { modelTimeSlotId: args.modelTimeSlotId });
      return services.timeSlots.model(ctx.actor, args.modelTimeSlotId);
    },
    async ScheduleCampusClosures(_: unknown, args: { campusList?: string[] | null; startDate?: string | null; endDate?: string | null }, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { campusList: args.campusList });
      const dates = await validate(closureRangeSchema, { startDate: args.startDate ?? null, endDate: args.endDate ?? null }, ctx.t);
      return services.closures.list(ctx.actor, args.campusList ?? null, dates.startDate, dates.endDate);
    },
    PublicHolidays(_: unknown, args: { year: number }, ctx: GraphqlContext) {
      if (!ctx.actor) throw new NotLoggedInError();
      return publicHolidays(args.year).map((holiday) => ({ date: holiday.date, key: holiday.key, name: ctx.t(`training-centre.holidays.${holiday.key}`) }));
    },
  },
  Mutation: {
    async CreateModelTimeSlot(_: unknown, { input }: Input<{ campus?: string; name?: string }>, ctx: GraphqlContext) {
      const body = await validate(modelTimeSlotSchema, input, ctx.t);
      return { modelTimeSlot: await services.timeSlots.createModel(ctx.actor, body, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async UpdateModelTimeSlot(_: unknown, { input }: Input<{ id: string; name?: string }>, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { id: input.id });
      const body = await validate(modelTimeSlotUpdateSchema, input, ctx.t);
      return { modelTimeSlot: await services.timeSlots.updateModel(ctx.actor, input.id, body, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async DeleteModelTimeSlot(_: unknown, { input }: Input<{ id: string }>, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { id: input.id });
      return { id: await services.timeSlots.deleteModel(ctx.actor, input.id, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async CreateTimeSlot(_: unknown, { input }: Input<Record<string, unknown>>, ctx: GraphqlContext) {
      const body = await validate(timeSlotSchema, input, ctx.t);
      return { timeSlot: await services.timeSlots.createSlot(ctx.actor, body, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async UpdateTimeSlot(_: unknown, { input }: Input<{ id: string }>, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { id: input.id });
      const body = await validate(timeSlotSchema, input, ctx.t);
      return { timeSlot: await services.timeSlots.updateSlot(ctx.actor, input.id, body, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async DeleteTimeSlot(_: unknown, { input }: Input<{ id: string }>, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { id: input.id });
      return { id: await services.timeSlots.deleteSlot(ctx.actor, input.id, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async CreateScheduleCampusClosure(_: unknown, { input }: Input<Record<string, unknown>>, ctx: GraphqlContext) {
      const body = await validate(closureSchema, input, ctx.t);
      return { scheduleCampusClosure: await services.closures.create(ctx.actor, body, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async UpdateScheduleCampusClosure(_: unknown, { input }: Input<{ id: string }>, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { id: input.id });
      const body = await validate(closureSchema, input, ctx.t);
      return { scheduleCampusClosure: await services.closures.update(ctx.actor, input.id, body, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
    async DeleteScheduleCampusClosure(_: unknown, { input }: Input<{ id: string }>, ctx: GraphqlContext) {
      assertIdArgs(ctx.t, { id: input.id });
      return { id: await services.closures.remove(ctx.actor, input.id, ctx.t), clientMutationId: input.clientMutationId ?? null };
    },
  },
});
