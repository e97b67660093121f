// Prometheus metrics of one process: the API's at /api/metrics (behind METRICS_TOKEN), the worker's on
// WORKER_METRICS_PORT beside the Temporal SDK's. Every label takes a bounded set of values: route templates (never
// raw paths), workflow names, compiled fields and their reasons, a few outcomes.
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Knex } from 'knex';
import { unexpectedFallbacks, type CompiledStatistics } from '../graphql/compiled.js';

/** A message the mailer handed over: accepted by the SMTP server, refused by it (4xx, 5xx), unanswered, or only logged (no SMTP_URL). */
export type MailOutcome = 'sent' | 'refused' | 'failed' | 'logged';
/** A workflow start through the operations registry: started, already running under that business id, or not started (Temporal down…). */
export type WorkflowStartOutcome = 'started' | 'existing' | 'failed';

export interface Metrics {
  registry: Registry;
  request(method: string, route: string, status: number, seconds: number): void;
  workflowStart(workflowType: string, outcome: WorkflowStartOutcome): void;
  mail(outcome: MailOutcome): void;
  /** Compiled answers' counts are read from their statistics at each scrape (the GraphQL handler is made after the metrics). */
  watchCompiled(statistics: CompiledStatistics): void;
  /**
   * Adds Node's own (CPU, memory, event loop lag, GC; once): only where something scrapes them, since their collectors
   * live as long as the process.
   */
  watchProcess(): void;
}

/** The tarn pool under knex (absent on a client without one). */
interface PoolState {
  numUsed(): number;
  numFree(): number;
  numPendingAcquires(): number;
  max: number;
}

/** The process's metrics, Node's own apart (`watchProcess`). */
export function createMetrics(knex: Knex): Metrics {
  const registry = new Registry();
  let processWatched = false;
  const latency = new Histogram({
    name: 'alterna_http_request_duration_seconds',
    help: 'Time to answer an HTTP request (until the handler has answered, the body streaming apart), by route template',
    labelNames: ['method', 'route'],
    registers: [registry],
  });
  const errors = new Counter({
    name: 'alterna_http_errors_total',
    help: 'HTTP answers of 400 and over, by route template and status',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const pool = () => (knex.client as { pool?: PoolState }).pool;
  const poolGauge = (name: string, help: string, read: (state: PoolState) => number) => new Gauge({
    name, help, registers: [registry],
    collect() {
      const state = pool();
      if (state) this.set(read(state));
    },
  });
  poolGauge('alterna_db_pool_used', 'Database connections lent to a query or transaction', (state) => state.numUsed());
  poolGauge('alterna_db_pool_free', 'Database connections open and idle', (state) => state.numFree());
  poolGauge('alterna_db_pool_pending', 'Queries and transactions waiting for a database connection', (state) => state.numPendingAcquires());
  poolGauge('alterna_db_pool_max', 'Database connections the pool may open', (state) => state.max);
  const workflowStarts = new Counter({
    name: 'alterna_workflow_starts_total',
    help: 'Workflow starts through the operations registry, by workflow and outcome (started, existing, failed)',
    labelNames: ['workflow', 'outcome'],
    registers: [registry],
  });
  const mail = new Counter({
    name: 'alterna_mail_messages_total',
    help: 'Messages (one per address) by outcome: sent, refused (an SMTP 4xx or 5xx), failed (no answer), logged (no SMTP_URL)',
    labelNames: ['outcome'],
    registers: [registry],
  });
  let compiled: CompiledStatistics | null = null;
  // Counters set from the statistics' totals at each scrape: reset, then the total (which only grows).
  new Counter({
    name: 'alterna_graphql_compiled_answers_total',
    help: 'GraphQL reads answered as compiled JSON text, by Query field',
    labelNames: ['field'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [field, count] of Object.entries(compiled?.counts() ?? {})) this.inc({ field }, count.answered);
    },
  });
  new Counter({
    name: 'alterna_graphql_compiled_fallbacks_total',
    help: 'GraphQL reads of a compiled field left to the executor, by field and reason (unexpected: the module writer failed)',
    labelNames: ['field', 'reason', 'unexpected'],
    registers: [registry],
    collect() {
      this.reset();
      for (const [field, count] of Object.entries(compiled?.counts() ?? {})) {
        for (const [reason, n] of Object.entries(count.fallbacks)) {
          this.inc({ field, reason, unexpected: String(unexpectedFallbacks.includes(reason as never)) }, n ?? 0);
        }
      }
    },
  });
  return {
    registry,
    request(method, route, status, seconds) {
      latency.observe({ method, route }, seconds);
      if (status >= 400) errors.inc({ method, route, status: String(status) });
    },
    workflowStart: (workflow, outcome) => workflowStarts.inc({ workflow, outcome }),
    mail: (outcome) => mail.inc({ outcome }),
    watchCompiled(statistics) {
      compiled = statistics;
    },
    watchProcess() {
      if (!processWatched) collectDefaultMetrics({ register: registry, prefix: 'alterna_' });
      processWatched = true;
    },
  };
}
