import crypto from 'node:crypto';
import type { Context } from 'koa';
import { TooManyRequestsError, ValidationError, type Actor, type Authenticator, type Config, type Knex, type Translate } from '@alterna/core';
import { loadActor, loadSessionActor } from './actors.js';
import { hashPassword, verifyPassword } from './password-hashing.js';
import type { SessionCache } from './session-cache.js';
import { loginLimit } from './login-limit.js';
import { now, nowMs } from '@alterna/core/clock';

export const sessionCookie = 'alterna_session';

// Verified when the e-mail is unknown, so that a wrong e-mail costs as long as a wrong password.
let decoy: Promise<string> | undefined;
const decoyHash = () => (decoy ??= hashPassword('alterna-decoy-password'));

export function hashToken(token: string): string {
  return crypto.createHash('sha256').update(token).digest('hex');
}

export interface AuthService extends Authenticator {
  /** Checks the credentials (rate-limited per e-mail and address, and per address: login-limit.ts) and opens a session. */
  login(input: { email: string; password: string; ip: string }, t: Translate): Promise<{ actor: Actor; token: string; expiresAt: Date }>;
  logout(token: string | undefined): Promise<void>;
  /** Deletes expired sessions and login attempts past the rate-limit window (a schedule runs it). */
  purge(): Promise<{ sessions: number; attempts: number }>;
}

export function authService(knex: Knex, config: Config, cache: SessionCache): AuthService {
  const windowStart = () => new Date(nowMs() - config.loginWindowSeconds * 1000);
  const limit = loginLimit(knex, config);

  return {
    async login({ email, password, ip }, t) {
      const attempt = await limit.count(email, ip);
      if (!attempt) throw new TooManyRequestsError(t('identity.login.tooMany', { minutes: Math.ceil(config.loginWindowSeconds / 60) }));
      const row = await knex('actors').select('id', 'password_hash').whereRaw('lower(email) = ?', [email.toLowerCase()]).where({ archived: false }).first();
      const valid = row?.password_hash ? await verifyPassword(row.password_hash, password) : (await verifyPassword(await decoyHash(), password), false);
      // A failure stays counted: it was counted before the check (a process that dies mid-check loses no count).
      if (!valid || !row) throw new ValidationError([{ path: '', message: t('identity.login.invalid') }]);
      const actor = await loadActor(knex, row.id);
      if (!actor) throw new ValidationError([{ path: '', message: t('identity.login.invalid') }]);
      const token = crypto.randomBytes(32).toString('base64url');
      const expiresAt = new Date(nowMs() + config.sessionTtlHours * 3600 * 1000);
      await knex('sessions').insert({ token_hash: hashToken(token), actor_id: actor.id, expires_at: expiresAt });
      await limit.succeeded(attempt);
      return { actor, token, expiresAt };
    },
    async logout(token) {
      if (!token) return;
      cache.forget(hashToken(token));
      await knex('sessions').where({ token_hash: hashToken(token) }).delete();
    },
    async purge() {
      const sessions = await knex('sessions').where('expires_at', '<=', now()).delete();
      const attempts = await knex('login_attempts').where('attempted_at', '<=', windowStart()).delete();
      return { sessions, attempts };
    },
    async authenticate(ctx: Context) {
      const token = ctx.cookies.get(sessionCookie);
      if (!token) return null;
      const tokenHash = hashToken(token);
      const cached = cache.get(tokenHash);
      if (cached !== undefined) return cached;
      const actor = await loadSessionActor(knex, tokenHash);
      cache.set(tokenHash, actor);
      return actor;
    },
  };
}
