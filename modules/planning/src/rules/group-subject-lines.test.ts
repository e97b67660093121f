import { describe, expect, it } from 'vitest';
import { removedSubjects, repeatedSubjectLines } from './group-subject-lines.js';

describe('the table of school subjects', () => {
  it('finds the subjects a new table drops (a removed line, or a line whose subject changed)', () => {
    expect(removedSubjects(['math', 'french', 'english'], ['french', 'history'])).toEqual(['math', 'english']);
    expect(removedSubjects(['math'], ['math'])).toEqual([]);
    expect(removedSubjects([], ['math'])).toEqual([]);
  });

  it('points at each line repeating a subject of an earlier line, and ignores empty lines', () => {
    expect(repeatedSubjectLines(['math', 'french', 'math', null, undefined, 'french', 'math'])).toEqual([2, 5, 6]);
    expect(repeatedSubjectLines([null, null, ''])).toEqual([]);
  });
});
