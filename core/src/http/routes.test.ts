import { describe, expect, it } from 'vitest';
import { bySpecificity } from './routes.js';

describe('bySpecificity', () => {
  it('puts a static segment before a parameter at the same place, whatever the declared order', () => {
    const paths = ['/api/training-center/:site/new', '/api/training-center/:id', '/api/training-center/trainings/new', '/api/training-center/groups/:id', '/api/training-center/sites/:id'];
    expect([...paths].sort(bySpecificity)).toEqual([
      '/api/training-center/trainings/new',
      '/api/training-center/groups/:id',
      '/api/training-center/sites/:id',
      '/api/training-center/:id',
      '/api/training-center/:site/new',
    ]);
  });

  it('keeps the declared order of paths of the same shape', () => {
    expect(bySpecificity('/api/a/:x', '/api/b/:y')).toBe(0);
    expect(bySpecificity('/api/a/b', '/api/a/b/c')).toBeLessThan(0);
  });
});
