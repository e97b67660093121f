import { gql } from '../../../shared/gql';

/** The options a planner picks from: the viewer's campuses and, on them, groups, rooms, teachers; every subject. */
export interface CampusOption {
  uuid: string;
  name: string;
  /** ISO weekdays (1 = Monday) the campus is open. */
  openDays: number[];
}
export interface RoomOption {
  uuid: string;
  name: string;
  size: number;
  buildingName: string;
  campusId: string;
  campusName: string;
}
export interface TeacherOption {
  uuid: string;
  firstName: string;
  lastName: string;
  campusIds: string[];
}
export interface SubjectOption {
  uuid: string;
  name: string;
  shortName: string;
  color: string | null;
}
export interface GroupOption {
  uuid: string;
  name: string;
  campusId: string;
  campusName: string;
}

export interface PlanningOptions {
  campuses: CampusOption[];
  groups: GroupOption[];
  rooms: RoomOption[];
  teachers: TeacherOption[];
  subjects: SubjectOption[];
}

const silent = { silent: true } as const;

export async function loadCampuses(actorId: string): Promise<CampusOption[]> {
  const data = await gql<{ CampusPermissionWithOpenDays: CampusOption[] }>(
    `query PlanningCampuses($actorId: ID!) { CampusPermissionWithOpenDays(actorId: $actorId) { uuid name openDays } }`,
    { actorId },
    silent,
  );
  return data.CampusPermissionWithOpenDays;
}

export async function loadRooms(actorId: string, campusList: string[]): Promise<RoomOption[]> {
  const data = await gql<{
    getRoomsWithBuildingWithCampus: { uuid: string; name: string; size: number; building: { name: string; site: { campus: { uuid: string; name: string } } } }[];
  }>(
    `query PlanningRooms($actorId: ID!, $campusList: [ID!]) {
      getRoomsWithBuildingWithCampus(actorId: $actorId, campusList: $campusList) { uuid name size building { uuid name site { campus { uuid name } } } }
    }`,
    { actorId, campusList },
    silent,
  );
  return data.getRoomsWithBuildingWithCampus.map((room) => ({
    uuid: room.uuid,
    name: room.name,
    size: room.size,
    buildingName: room.building.name,
    campusId: room.building.site.campus.uuid,
    campusName: room.building.site.campus.name,
  }));
}

export async function loadTeachers(campusList: string[]): Promise<TeacherOption[]> {
  const data = await gql<{
    TeacherWithCampusesWithTeacherContract: { uuid: string; firstName: string; lastName: string; archived: boolean; actorAccessRules: { campus: { uuid: string } }[] }[];
  }>(
    `query PlanningTeachers($campusList: [ID!]) {
      TeacherWithCampusesWithTeacherContract(campusList: $campusList) { uuid firstName lastName archived actorAccessRules { campus { uuid } } }
    }`,
    { campusList },
    silent,
  );
  return data.TeacherWithCampusesWithTeacherContract.filter((teacher) => !teacher.archived).map((teacher) => ({
    uuid: teacher.uuid,
    firstName: teacher.firstName,
    lastName: teacher.lastName,
    campusIds: [...new Set(teacher.actorAccessRules.map((rule) => rule.campus.uuid))],
  }));
}

export async function loadSubjects(): Promise<SubjectOption[]> {
  const data = await gql<{ schoolSubjects: SubjectOption[] }>(
    `query PlanningSubjects { schoolSubjects(archived: false) { uuid name shortName color } }`,
    {},
    silent,
  );
  return [...data.schoolSubjects].sort((a, b) => a.shortName.localeCompare(b.shortName));
}

export async function loadGroups(campusList: string[]): Promise<GroupOption[]> {
  const data = await gql<{ PlanningGroupByCampus: { uuid: string; name: string; campus: { uuid: string; name: string } }[] }>(
    `query PlanningGroupOptions($campusList: [ID!]) { PlanningGroupByCampus(campusList: $campusList) { uuid name campus { uuid name } } }`,
    { campusList },
    silent,
  );
  return data.PlanningGroupByCampus.map((group) => ({ uuid: group.uuid, name: group.name, campusId: group.campus.uuid, campusName: group.campus.name }))
    .sort((a, b) => a.name.localeCompare(b.name));
}
