import { describe, expect, it } from 'vitest';
import { deletionBlockers } from './group-deletion.js';

describe('deleting a planning group', () => {
  it('is refused while students, lessons or child groups use it, students first', () => {
    expect(deletionBlockers({ subscriptions: 2, lessons: 1, children: 3 })).toEqual(['subscriptions', 'lessons', 'children']);
    expect(deletionBlockers({ subscriptions: 0, lessons: 4, children: 0 })).toEqual(['lessons']);
  });

  it('is allowed for an unused group', () => {
    expect(deletionBlockers({ subscriptions: 0, lessons: 0, children: 0 })).toEqual([]);
  });
});
