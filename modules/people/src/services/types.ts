/** Shapes the people module hands out (GraphQL, routes, other modules). `uuid` repeats `id` (SPEC §3). */

export interface ActorCampus {
  id: string;
  uuid: string;
  name: string;
}

export interface ActorAccessRuleView {
  campus: ActorCampus;
  actorTypology: { name: string; reference: string };
}

/** A corporation as an option (SPEC §3 Organisation: shown '[name] - [siret]', short name preferred). */
export interface CorporationOption {
  id: string;
  uuid: string;
  name: string;
  shortName: string | null;
  siret: string | null;
}

/** An actor without its rules: what other modules get from `actors.byIds`. */
export interface ActorSummary {
  id: string;
  uuid: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string | null;
  archived: boolean;
}

/** SPEC §3 Actor: its access rules (on the viewer's campuses) and its corporations. */
export interface ActorView extends ActorSummary {
  actorAccessRules: ActorAccessRuleView[];
  corporations: CorporationOption[];
}

/** A possible duplicate (SPEC §5) and what it matched on. */
export interface DuplicateActor extends ActorView {
  matchedBy: ('name' | 'email')[];
}

/** A registration form's answer: the duplicates to confirm, or the saved actor and its message. */
export type SaveOutcome = { duplicates: DuplicateActor[] } | { actor: ActorView; message: string };

export interface Corporation extends CorporationOption {
  streetAddress: string | null;
  addressSupplement: string | null;
  postalCode: string | null;
  addressLocality: string | null;
  addressCountry: string | null;
}

/** A corporation with its contacts and tutors (those on the viewer's campuses). */
export interface CorporationView extends Corporation {
  contacts: ActorView[];
  tutors: ActorView[];
}
