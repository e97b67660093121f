// Shapes of the planning groups area as the routes answer them (light: the web `import type`s them).

export interface GroupCampusRef {
  id: string;
  uuid: string;
  name: string;
}

export interface GroupRef {
  id: string;
  uuid: string;
  name: string;
}

export interface GroupTrainingGroupRef {
  id: string;
  uuid: string;
  name: string;
  shortName: string;
  campus: GroupCampusRef;
}

export interface GroupSubjectRef {
  id: string;
  uuid: string;
  name: string;
  shortName: string;
  color: string | null;
}

/** A line of the table of school subjects with hours; `scheduled`: active or locked lessons of the group teach it. */
export interface GroupSubjectLine {
  id: string;
  uuid: string;
  schoolSubject: GroupSubjectRef;
  hours: number;
  scheduled: boolean;
}

/** SPEC §3 PlanningGroup. */
export interface PlanningGroup {
  id: string;
  uuid: string;
  name: string;
  campus: GroupCampusRef;
  trainingGroup: GroupTrainingGroupRef | null;
  parent: GroupRef | null;
  schoolSubjectLines: GroupSubjectLine[];
  subscriptionsCount: number;
}

/** A student registration as the group page lists it (subscribed or available). */
export interface GroupRegistration {
  id: string;
  studentStatus: string;
  student: { id: string; firstName: string; lastName: string };
  trainingGroup: { id: string; name: string; shortName: string };
}

export interface GroupSubscription {
  id: string;
  createdAt: string;
  registration: GroupRegistration;
}

/** The group page: the group, its children, students, the registrations it may take, and the subjects to pick from. */
export interface PlanningGroupPage {
  planningGroup: PlanningGroup;
  children: GroupRef[];
  subscriptions: GroupSubscription[];
  availableRegistrations: GroupRegistration[];
  subjects: GroupSubjectRef[];
  canUpdate: boolean;
}

/** What the new / edit form offers: campuses the actor may change, their training groups and planning groups. */
export interface PlanningGroupFormOptions {
  campuses: GroupCampusRef[];
  trainingGroups: (GroupTrainingGroupRef & { startDate: string; endDate: string })[];
  /** Groups that may be the parent (for an edit: neither the group itself nor one below it). */
  parents: (GroupRef & { campus: GroupCampusRef })[];
}
