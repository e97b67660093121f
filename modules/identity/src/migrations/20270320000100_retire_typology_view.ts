import { readViewsMigration } from '@alterna/core';

/**
 * identity_actor_typologies copied a table for one reader (people's lists of access rules, which named the
 * typology): the visibility service's rules builder now gives the name itself (`rules(db, { named: true })`).
 */
const views = {};

const retired = {
  identity_actor_typologies: 'SELECT reference, name FROM actor_typologies',
};

export const retireTypologyView = readViewsMigration('20270320000100_retire_typology_view', views, retired);
