import type { Context } from 'koa';
import type { Typology } from './typologies.js';

export * from './typologies.js';

export const spaces = ['staff', 'teacher', 'coach', 'tutor', 'corporation', 'student'] as const;
export type Space = (typeof spaces)[number];

/** Which space a typology lands in; an actor with several gets the first space in `spaces` order. */
export const spaceOfTypology: Record<Typology, Space> = {
  pedagogy: 'staff', isd: 'staff', management: 'staff', 'campus-manager': 'staff', 'read-only': 'staff', referent: 'staff',
  teacher: 'teacher', trainer: 'teacher', coach: 'coach', tutor: 'tutor', 'corporation-contact': 'corporation', student: 'student',
};

/** An access rule ties an actor to a campus with a typology. */
export interface AccessRule {
  campusId: string;
  campusName: string;
  typology: Typology;
}

export interface Actor {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  language: 'fr' | 'en' | null;
  rules: AccessRule[];
}

/** Reading permissions may be granted to read-only; changing ones never are. */
export type PermissionKind = 'read' | 'change';

export interface PermissionDeclaration {
  id: string;
  kind: PermissionKind;
  /** Typologies that hold it on the campuses of their rules. */
  typologies: readonly Typology[];
  /** i18n key of a label (for admin screens). */
  label?: string;
}

/** Provided by the identity module: who is behind a request, and how sessions open and close. */
export interface Authenticator {
  authenticate(ctx: Context): Promise<Actor | null>;
}
