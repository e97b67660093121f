import { describe, expect, it } from 'vitest';
import { checkedValues } from '@alterna/dev';

// npm run db:rows types a column kept to a list by a one-column CHECK as the union of that list (issue #26), from the
// constraint as PostgreSQL writes it back (pg_get_constraintdef).

describe('checkedValues', () => {
  it('reads a list on a varchar column (knex t.string, IN in the migration)', () => {
    expect(checkedValues("CHECK (((audience)::text = ANY ((ARRAY['teacher'::character varying, 'coach'::character varying])::text[])))", 'audience'))
      .toEqual(['teacher', 'coach']);
  });

  it('reads a list on a text column', () => {
    expect(checkedValues("CHECK ((action = ANY (ARRAY['insert'::text, 'update'::text, 'delete'::text, 'truncate'::text])))", 'action'))
      .toEqual(['insert', 'update', 'delete', 'truncate']);
  });

  it('reads a list that also lets the column be null, and values holding a quote', () => {
    expect(checkedValues("CHECK (((status IS NULL) OR ((status)::text = ANY ((ARRAY['present'::character varying, 'l''absent'::character varying])::text[]))))", 'status'))
      .toEqual(['present', "l'absent"]);
  });

  it('leaves any other check alone', () => {
    expect(checkedValues('CHECK ((end_date >= start_date))', 'end_date')).toBeNull();
    expect(checkedValues("CHECK ((length(siret) = 14))", 'siret')).toBeNull();
    expect(checkedValues("CHECK (((status)::text = ANY ((ARRAY['a'::character varying])::text[])) AND (seq > 0))", 'status')).toBeNull();
    expect(checkedValues("CHECK (((kind)::text = ANY ((ARRAY['a'::character varying])::text[])))", 'status')).toBeNull();
  });
});
