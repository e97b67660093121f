import { firstNamePattern, lastNamePattern, sameText } from '@alterna/core/matching';

export interface PersonLookup {
  firstName: string;
  lastName: string;
  dateOfBirth: string;
}

/** SPEC §5: the duplicate-student check runs once first name, last name and date of birth are all filled. */
export function isDuplicateCheckReady(values: Partial<PersonLookup>): values is PersonLookup {
  return !!values.firstName?.trim() && !!values.lastName?.trim() && !!values.dateOfBirth?.trim();
}

/** The ILIKE terms of the lookup, with the core's SPEC §5 matching rules. */
export function duplicateSearchTerms(input: PersonLookup): { firstName: string; lastName: string; dateOfBirth: string } {
  return { firstName: firstNamePattern(input.firstName), lastName: lastNamePattern(input.lastName), dateOfBirth: input.dateOfBirth.trim() };
}

/** With the strict flag, only exact (case-insensitive, trimmed) names count. */
export function isStrictMatch(found: { firstName: string; lastName: string }, input: PersonLookup): boolean {
  return sameText(found.firstName, input.firstName) && sameText(found.lastName, input.lastName);
}

/** SPEC §8: edit the latest registration when it is in the selected session, else start a new one. */
export function duplicateAction(latest: { trainingSessionId: string } | null, selectedSessionId: string | null): 'edit-registration' | 'new-registration' {
  return latest && selectedSessionId && latest.trainingSessionId === selectedSessionId ? 'edit-registration' : 'new-registration';
}
