import { personName } from '../../../shared/format';
/** The planning groups' server shapes (@alterna/planning/types) and the calls the screens make. */
import type {
  GroupRegistration,
  GroupSubjectRef,
  PlanningGroup,
  PlanningGroupFormOptions,
  PlanningGroupPage as PlanningGroupPageData,
} from '@alterna/planning/types';
import { currentLanguage } from '../../../language';
import { gql } from '../../../shared/gql';
import { requestJson } from '../../../shared/http';

export type { GroupRegistration, GroupSubjectRef, PlanningGroup, PlanningGroupFormOptions, PlanningGroupPageData };

/** Permission ids the screens show or hide actions by (the server checks them again). */
export const groupPermissions = { update: 'planning.group.update' } as const;

const fr = () => currentLanguage() === 'fr';
const id = (value: string) => encodeURIComponent(value);

/** API paths in the interface language (the server answers both). */
export const groupApi = {
  list: () => (fr() ? '/api/planification/groupes-de-planification' : '/api/planning/planning-groups'),
  create: () => `${groupApi.list()}/${fr() ? 'nouveau' : 'new'}`,
  show: (groupId: string) => `${groupApi.list()}/${id(groupId)}`,
  informationsEdit: (groupId: string) => `${groupApi.show(groupId)}/informations/${fr() ? 'modifier' : 'edit'}`,
  subjectLines: (groupId: string) => `${groupApi.show(groupId)}/${fr() ? 'lignes-matieres' : 'subject-lines'}`,
  subscriptions: (groupId: string) => `${groupApi.show(groupId)}/${fr() ? 'inscriptions' : 'subscriptions'}`,
};

/** A group as GraphQL answers it: `uuid` for ids (SPEC §7 PlanningGroupByCampus). */
export interface GraphPlanningGroup {
  uuid: string;
  name: string;
  campus: { uuid: string; name: string };
  trainingGroup: { uuid: string; name: string; shortName: string } | null;
  parent: { uuid: string; name: string } | null;
  schoolSubjectLines: { uuid: string; hours: number; scheduled: boolean; schoolSubject: { uuid: string; shortName: string } }[];
  subscriptionsCount: number;
}

export async function loadGroupsByCampus(campusList: string[] | null): Promise<GraphPlanningGroup[]> {
  const data = await gql<{ PlanningGroupByCampus: GraphPlanningGroup[] }>(
    `query PlanningGroupByCampus($campusList: [ID!]) {
      PlanningGroupByCampus(campusList: $campusList) {
        uuid name campus { uuid name } trainingGroup { uuid name shortName } parent { uuid name }
        schoolSubjectLines { uuid hours scheduled schoolSubject { uuid shortName } } subscriptionsCount
      }
    }`,
    { campusList },
  );
  return data.PlanningGroupByCampus;
}

export const loadNewForm = () => requestJson<{ options: PlanningGroupFormOptions }>('GET', groupApi.create());
export const loadEditForm = (groupId: string) =>
  requestJson<{ planningGroup: PlanningGroup; options: PlanningGroupFormOptions }>('GET', groupApi.informationsEdit(groupId));
export const loadGroupPage = (groupId: string) => requestJson<PlanningGroupPageData>('GET', groupApi.show(groupId));

export interface GroupChange {
  planningGroup: PlanningGroup;
  message: string;
}

export const addSubscriptions = (groupId: string, registrations: string[]) =>
  requestJson<GroupChange & { added: number }>('POST', groupApi.subscriptions(groupId), { registrations });

export const removeSubscription = (groupId: string, registrationId: string) =>
  requestJson<GroupChange & { removed: number }>('DELETE', `${groupApi.subscriptions(groupId)}?registration=${id(registrationId)}`);

export const deleteGroup = (groupId: string) => requestJson<{ deleted: string; message: string }>('DELETE', groupApi.show(groupId));

/** How a student registration reads in lists: « LASTNAME Firstname – GROUP » (SPEC §3 person option order). */
export function registrationLabel(registration: GroupRegistration): string {
  return `${personName(registration.student)} – ${registration.trainingGroup.shortName}`;
}

export function subjectLabel(subject: GroupSubjectRef): string {
  return `${subject.shortName} – ${subject.name}`;
}

/** Hours as the interface language writes them (« 12,5 » in French). */
export function formatHours(hours: number): string {
  return new Intl.NumberFormat(currentLanguage(), { maximumFractionDigits: 2 }).format(hours);
}
