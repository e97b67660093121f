import { languageCookie, spaceOf, typologiesOf, type Actor, type PermissionMatrix, type RouteDefinition } from '@alterna/core';
import { languageSchema, loginSchema } from '../validation/index.js';
import { sessionCookie } from '../services/auth.js';
import type { IdentityServices } from '../services/index.js';
import { now } from '@alterna/core/clock';

/** The signed-in actor as the web client sees it (core/API.md "Me"). */
export function presentMe(actor: Actor, permissions: PermissionMatrix) {
  const campuses = new Map<string, { id: string; name: string; typologies: string[] }>();
  for (const rule of actor.rules) {
    const campus = campuses.get(rule.campusId) ?? { id: rule.campusId, name: rule.campusName, typologies: [] };
    campus.typologies.push(rule.typology);
    campuses.set(rule.campusId, campus);
  }
  return {
    id: actor.id,
    firstName: actor.firstName,
    lastName: actor.lastName,
    email: actor.email,
    language: actor.language,
    space: spaceOf(actor),
    typologies: typologiesOf(actor),
    campuses: [...campuses.values()],
    permissions: permissions.heldBy(actor),
  };
}

export const routes: RouteDefinition<IdentityServices>[] = [
  {
    name: 'login', method: 'post', path: { en: '/auth/login', fr: '/auth/connexion' }, permission: 'public', body: loginSchema,
    async handler({ body, services, t, koa, core }) {
      const { actor, token, expiresAt } = await services.auth.login({ email: body.email, password: body.password, ip: koa.ip }, t);
      koa.cookies.set(sessionCookie, token, { httpOnly: true, sameSite: 'lax', secure: core.config.cookieSecure, expires: expiresAt, overwrite: true });
      return { actor: presentMe(actor, core.permissions) };
    },
  },
  {
    name: 'logout', method: 'post', path: { en: '/auth/logout', fr: '/auth/deconnexion' }, permission: 'public',
    async handler({ services, koa, core }) {
      await services.auth.logout(koa.cookies.get(sessionCookie));
      koa.cookies.set(sessionCookie, null, { httpOnly: true, sameSite: 'lax', secure: core.config.cookieSecure });
    },
  },
  {
    name: 'me', method: 'get', path: { en: '/auth/me', fr: '/auth/moi' }, permission: 'authenticated',
    handler: ({ actor, core }) => ({ actor: presentMe(actor!, core.permissions) }),
  },
  {
    // The web's session probe: a visitor who is not logged in is an answer (actor null), not an error.
    name: 'session', method: 'get', path: '/auth/session', permission: 'public',
    handler: ({ actor, core }) => ({ actor: actor ? presentMe(actor, core.permissions) : null }),
  },
  {
    name: 'language', method: 'post', path: { en: '/language', fr: '/langue' }, permission: 'public', body: languageSchema,
    async handler({ body, actor, koa, core }) {
      koa.cookies.set(languageCookie, body.language, { httpOnly: false, sameSite: 'lax', secure: core.config.cookieSecure, maxAge: 365 * 24 * 3600 * 1000 });
      if (actor) await core.knex('actors').where({ id: actor.id }).update({ language: body.language, updated_at: now() });
    },
  },
];
