import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import { PermissionMatrix } from '../auth/permissions.js';
import type { CoreDeps, RouteDefinition } from '../modules/contract.js';
import { bySpecificity, mountRoutes } from './routes.js';

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

describe('mountRoutes', () => {
  it('refuses at start an upload route no request could send', () => {
    const mount = (route: Partial<RouteDefinition>) => mountRoutes(new Router(), [{
      routes: [{ name: 'probe', method: 'post', path: '/probe', permission: 'authenticated', handler: () => undefined, ...route }],
      services: {},
    }], {} as CoreDeps, new PermissionMatrix());
    expect(mount({ upload: { maxBytes: 1024, accept: ['application/pdf'] } })).toHaveLength(1);
    for (const bad of [
      { method: 'get' as const, upload: { maxBytes: 1024, accept: ['application/pdf'] } },
      { upload: { maxBytes: 0, accept: ['application/pdf'] } },
      { upload: { maxBytes: 1024, accept: [] } },
    ]) expect(() => mount(bad)).toThrow(/declares an upload no request can send/);
  });
});
