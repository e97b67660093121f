import { readViewsMigration } from '@alterna/core';

/**
 * The read views other modules query instead of identity's tables (names in lists, "on this campus as a
 * teacher" in conflict checks and calendar reads): one SQL statement stays possible across modules while the
 * tables stay identity's. No password hash, session or login attempt leaves the module. PostgreSQL inlines a
 * view, so a join through it costs what the table costs.
 */
const views = {
  identity_actors: 'SELECT id, first_name, last_name, email, phone, language, archived, created_at, updated_at FROM actors',
  identity_actor_access_rules: 'SELECT id, actor_id, campus_id, typology FROM actor_access_rules',
  identity_actor_typologies: 'SELECT reference, name FROM actor_typologies',
};

export const readViews = readViewsMigration('20261122000400_read_views', views);
