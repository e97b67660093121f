import { AccessDeniedError, NotLoggedInError } from '../errors.js';
import { spaceOfTypology, spaces, type Actor, type PermissionDeclaration, type Space, type Typology } from './types.js';

/**
 * The permission matrix: every module's declarations gathered in one table, checked in one place.
 * A permission is held on a campus when the actor has a rule there with one of its typologies.
 */
export class PermissionMatrix {
  private readonly byId = new Map<string, PermissionDeclaration>();

  add(moduleName: string, declarations: PermissionDeclaration[]): void {
    for (const declaration of declarations) {
      if (!declaration.id.startsWith(`${moduleName}.`)) {
        throw new Error(`Permission "${declaration.id}" of module "${moduleName}" must start with "${moduleName}."`);
      }
      if (this.byId.has(declaration.id)) throw new Error(`Permission "${declaration.id}" is declared twice`);
      if (declaration.kind === 'change' && declaration.typologies.includes('read-only')) {
        throw new Error(`Permission "${declaration.id}" changes data and cannot be granted to read-only`);
      }
      this.byId.set(declaration.id, declaration);
    }
  }

  get(id: string): PermissionDeclaration {
    const declaration = this.byId.get(id);
    if (!declaration) throw new Error(`Unknown permission "${id}"`);
    return declaration;
  }

  has(id: string): boolean {
    return this.byId.has(id);
  }

  all(): PermissionDeclaration[] {
    return [...this.byId.values()];
  }

  /** Campuses where the actor holds the permission. */
  campusesFor(actor: Actor, id: string): string[] {
    const allowed = new Set<Typology>(this.get(id).typologies);
    return [...new Set(actor.rules.filter((rule) => allowed.has(rule.typology)).map((rule) => rule.campusId))];
  }

  /** Held on that campus, or on any campus when no campus is named. */
  isGranted(actor: Actor | null, id: string, campusId?: string | null): boolean {
    if (!actor) return false;
    const campuses = this.campusesFor(actor, id);
    return campusId ? campuses.includes(campusId) : campuses.length > 0;
  }

  /** Throws the SPEC §8 errors: not logged in, or Access Denied. */
  assert(actor: Actor | null, id: string, campusId?: string | null): asserts actor is Actor {
    if (!actor) throw new NotLoggedInError();
    if (!this.isGranted(actor, id, campusId)) throw new AccessDeniedError();
  }

  /**
   * Campuses where the actor holds the permission, for a list read: someone without it anywhere (a student
   * asking for staff data) is refused outright rather than shown an empty list.
   */
  campusesOrDeny(actor: Actor | null, id: string, within?: readonly string[] | null): string[] {
    if (!actor) throw new NotLoggedInError();
    const campuses = this.campusesFor(actor, id);
    if (!campuses.length) throw new AccessDeniedError();
    // A campus filter of the caller narrows the list; campuses it names that the actor lacks are left out.
    return within ? campuses.filter((campusId) => within.includes(campusId)) : campuses;
  }

  /** Held on every campus given (and somewhere at least): changing what several campuses share. */
  assertOnAll(actor: Actor | null, id: string, campusIds: readonly string[]): asserts actor is Actor {
    this.assert(actor, id);
    for (const campusId of campusIds) this.assert(actor, id, campusId);
  }

  /** Every permission id the actor holds somewhere (the web hides what it cannot use). */
  heldBy(actor: Actor): string[] {
    return this.all().filter((p) => this.isGranted(actor, p.id)).map((p) => p.id);
  }
}

export function typologiesOf(actor: Actor): Typology[] {
  return [...new Set(actor.rules.map((rule) => rule.typology))];
}

/** The space an actor lands in: staff first, then teacher, coach, tutor, corporation, student. */
export function spaceOf(actor: Actor): Space | null {
  const held = new Set(typologiesOf(actor).map((typology) => spaceOfTypology[typology]));
  return spaces.find((space) => held.has(space)) ?? null;
}
