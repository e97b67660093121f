import type { AddressInfo } from 'node:net';
import Koa from 'koa';
import Router from '@koa/router';
import { describe, expect, it } from 'vitest';
import type { Knex } from 'knex';
import { createMetrics } from './index.js';
import { methodLabel, requestMetrics, routeLabel } from './http.js';

describe('routeLabel', () => {
  it('is the matched template, GraphQL, one label for every unmatched API path and one for the rest', () => {
    expect(routeLabel({ method: 'GET', path: '/api/students/7c0e', _matchedRoute: '/api/students/:id' })).toBe('/api/students/:id');
    expect(routeLabel({ method: 'POST', path: '/api/graphql' })).toBe('/api/graphql');
    expect(routeLabel({ method: 'GET', path: '/api/no/such/thing' })).toBe('unmatched');
    expect(routeLabel({ method: 'GET', path: '/api' })).toBe('unmatched');
    expect(routeLabel({ method: 'GET', path: '/administration/students' })).toBe('web');
    expect(routeLabel({ method: 'GET', path: '/apiary' })).toBe('web');
  });

  it('keeps the HTTP methods and names every other word once', () => {
    expect(['GET', 'POST', 'DELETE', 'PROPFIND', 'X-ANYTHING'].map(methodLabel)).toEqual(['GET', 'POST', 'DELETE', 'other', 'other']);
  });
});

describe('requestMetrics', () => {
  it('labels four hundred different paths with the templates of the routes they reached, whatever the clients send', async () => {
    const metrics = createMetrics({ client: {} } as Knex);
    const router = new Router();
    router.get('/api/students/:id', (ctx) => {
      ctx.body = { id: ctx.params.id };
    });
    router.post('/api/students/:id', (ctx) => {
      ctx.status = 422;
      ctx.body = { errors: [{ path: 'name', message: 'required' }] };
    });
    const app = new Koa();
    app.use(requestMetrics(metrics));
    app.use(router.routes());
    const server = app.listen(0, '127.0.0.1');
    await new Promise((resolve) => server.once('listening', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      for (let i = 0; i < 100; i += 1) {
        const answers = await Promise.all([
          fetch(`${base}/api/students/${i}`),
          fetch(`${base}/api/students/${i}`, { method: 'POST' }),
          fetch(`${base}/api/unknown-${i}/${i}?q=${i}`),
          fetch(`${base}/page-${i}`, { method: i % 2 ? 'GET' : 'PROPFIND' }),
        ]);
        await Promise.all(answers.map((answer) => answer.arrayBuffer()));
      }
    } finally {
      await new Promise((resolve) => server.close(resolve));
    }
    const text = await metrics.registry.metrics();
    const routes = new Set([...text.matchAll(/route="([^"]*)"/g)].map((match) => match[1]));
    expect([...routes].sort()).toEqual(['/api/students/:id', 'unmatched', 'web']);
    expect(text).toContain('alterna_http_request_duration_seconds_count{method="GET",route="/api/students/:id"} 100');
    expect(text).toContain('alterna_http_errors_total{method="POST",route="/api/students/:id",status="422"} 100');
    expect(text).toContain('alterna_http_errors_total{method="GET",route="unmatched",status="404"} 100');
    expect(text).toContain('alterna_http_errors_total{method="other",route="web",status="404"} 50');
  });
});
