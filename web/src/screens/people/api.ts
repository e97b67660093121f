/** The people module's server shapes (@alterna/people/types) and the calls the screens make. */
import type { ActorView, Corporation, CorporationOption, CorporationView, DuplicateActor } from '@alterna/people/types';
import { currentLanguage } from '../../language';
import { gql, type GqlOptions } from '../../shared/gql';
import { requestJson } from '../../shared/http';

export type { ActorView, Corporation, CorporationOption, CorporationView, DuplicateActor };

/** What a registration form answers: duplicates to confirm, or the saved person. */
export type SaveOutcome = { duplicates: DuplicateActor[]; actor?: undefined } | { actor: ActorView; message: string; duplicates?: undefined };

export interface FormCampus {
  id: string;
  name: string;
  typologies: string[];
}

const fr = () => currentLanguage() === 'fr';
const id = (value: string) => encodeURIComponent(value);

/** API paths in the interface language (the server answers both). */
export const apiPaths = {
  actorNew: () => (fr() ? '/api/acteur/nouveau' : '/api/actor/new'),
  personalInformation: (actorId: string) => (fr() ? `/api/acteur/${id(actorId)}/informations-personnelles/modifier` : `/api/actor/${id(actorId)}/personal-informations/edit`),
  addTypology: (actorId: string) => (fr() ? `/api/acteur/${id(actorId)}/ajouter-typologie` : `/api/actor/${id(actorId)}/add-typology`),
  corporationNew: () => (fr() ? '/api/entreprises/nouvelle' : '/api/corporations/new'),
  contactNew: (corporationId: string) => (fr() ? `/api/entreprises/${id(corporationId)}/contacts/nouveau` : `/api/corporations/${id(corporationId)}/contacts/new`),
  corporationTutorNew: (corporationId: string) => (fr() ? `/api/entreprises/${id(corporationId)}/tuteurs/nouveau` : `/api/corporations/${id(corporationId)}/tutors/new`),
  tutorNew: () => (fr() ? '/api/tuteurs/nouveau' : '/api/tutors/new'),
  tutorEdit: (tutorId: string) => (fr() ? `/api/tuteurs/${id(tutorId)}/modifier` : `/api/tutors/${id(tutorId)}/edit`),
  associate: () => (fr() ? '/api/tuteurs/associer-entreprise' : '/api/tutors/associate-corporation'),
};

const option = 'id uuid name shortName siret';
const actorFields = `id uuid firstName lastName email phone archived actorAccessRules { campus { id uuid name } actorTypology { name reference } } corporations { ${option} }`;

/** Campuses where the viewer may create people, with the typologies they may give there. */
export async function loadFormCampuses(): Promise<FormCampus[]> {
  return (await requestJson<{ campuses: FormCampus[] }>('GET', apiPaths.actorNew())).campuses;
}

export async function loadActors(filter: { search: string; archived: boolean | null }, options: GqlOptions = {}): Promise<{ total: number; items: ActorView[] }> {
  const data = await gql<{ actors: { total: number; items: ActorView[] } }>(
    `query PeopleActors($search: String, $archived: Boolean) { actors(search: $search, archived: $archived, limit: 200) { total items { ${actorFields} } } }`,
    { search: filter.search || null, archived: filter.archived },
    options,
  );
  return data.actors;
}

export async function loadActor(actorId: string): Promise<ActorView> {
  return (await requestJson<{ actor: ActorView }>('GET', apiPaths.personalInformation(actorId))).actor;
}

export async function setArchived(actorId: string, archived: boolean): Promise<{ message: string }> {
  const data = await gql<{ UpdateActor: { message: string } }>(
    'mutation UpdateActor($input: UpdateActorInput!) { UpdateActor(input: $input) { clientMutationId message actor { uuid archived } } }',
    { input: { id: actorId, archived } },
  );
  return data.UpdateActor;
}

export async function loadCorporations(search: string, options: GqlOptions = {}): Promise<CorporationView[]> {
  const data = await gql<{ corporations: CorporationView[] }>(
    `query PeopleCorporations($search: String) { corporations(search: $search) { ${option} addressLocality postalCode contacts { id } tutors { id } } }`,
    { search: search || null },
    options,
  );
  return data.corporations;
}

export async function loadCorporation(corporationId: string): Promise<CorporationView> {
  const data = await gql<{ corporation: CorporationView }>(
    `query PeopleCorporation($id: ID!) { corporation(id: $id) { ${option} streetAddress addressSupplement postalCode addressLocality addressCountry contacts { ${actorFields} } tutors { ${actorFields} } } }`,
    { id: corporationId },
  );
  return data.corporation;
}

/** The agreed searchCorporations (from 2 characters), for SearchSelect. */
export async function searchCorporations(search: string, signal?: AbortSignal): Promise<CorporationOption[]> {
  const data = await gql<{ searchCorporations: CorporationOption[] }>(
    `query SearchCorporations($search: String!) { searchCorporations(search: $search) { ${option} } }`,
    { search },
    { silent: true, signal },
  );
  return data.searchCorporations;
}

export async function loadTutors(search: string, signal?: AbortSignal): Promise<ActorView[]> {
  const data = await gql<{ tutors: ActorView[] }>(`query PeopleTutors($search: String) { tutors(search: $search) { ${actorFields} } }`, { search: search || null }, { signal, silent: !!signal });
  return data.tutors;
}

export async function loadTutor(tutorId: string): Promise<ActorView> {
  return (await requestJson<{ tutor: ActorView }>('GET', apiPaths.tutorEdit(tutorId))).tutor;
}

export async function associateTutor(tutorId: string, corporationId: string): Promise<{ message: string; tutor: ActorView }> {
  return requestJson('POST', apiPaths.associate(), { tutorId, corporationId });
}
