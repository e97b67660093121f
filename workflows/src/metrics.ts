import http from 'node:http';
import net from 'node:net';
import type { AddressInfo } from 'node:net';
import type { Core } from '@alterna/core';
import { installRuntime } from './worker.js';

export interface MetricsServer {
  /** Where Prometheus scrapes: `http://host:port/metrics`. */
  url: string;
  close(): Promise<void>;
}

/** A free loopback port: the SDK's exporter is told an address and cannot say which port it took. */
async function freeLoopbackPort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/**
 * Serves one exposition at `/metrics` (anything else 404): this process's own metrics, then the text of another
 * exporter read at each scrape (the Temporal SDK's; when it does not answer, a comment says so and ours still go).
 */
export async function metricsServer(options: {
  own: () => Promise<string>;
  contentType: string;
  sdkUrl: string;
  port: number;
  host: string;
}): Promise<MetricsServer> {
  const server = http.createServer((request, response) => {
    if (request.method !== 'GET' || new URL(request.url ?? '/', 'http://metrics').pathname !== '/metrics') {
      response.writeHead(404, { 'content-type': 'text/plain' }).end('Not found: the metrics are at /metrics\n');
      return;
    }
    const sdk = fetch(options.sdkUrl, { signal: AbortSignal.timeout(2000) })
      .then((answer) => (answer.ok ? answer.text() : `# Temporal SDK metrics: ${answer.status}\n`))
      .catch((error: unknown) => `# Temporal SDK metrics unavailable: ${(error as Error).message}\n`);
    Promise.all([options.own(), sdk]).then(
      ([own, temporal]) => response.writeHead(200, { 'content-type': options.contentType, 'cache-control': 'no-store' }).end(`${own.trimEnd()}\n${temporal}`),
      (error: unknown) => response.writeHead(500, { 'content-type': 'text/plain' }).end(`metrics failed: ${(error as Error).message}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => server.once('error', reject).listen(options.port, options.host, resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://${options.host.includes(':') ? `[${options.host}]` : options.host}:${port}/metrics`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}

/**
 * WORKER_METRICS_PORT: the worker process's metrics at `http://HOST:port/metrics`: the core's in this process (the
 * activities' mail, the database pool, Node's own) and the Temporal SDK's (`temporal_*`), which its Rust core exports
 * on a loopback port of its own. Installs the SDK's runtime, so it comes before the first worker or connection.
 */
export async function serveWorkerMetrics(core: Core, port: number, host = core.config.host): Promise<MetricsServer> {
  const sdkPort = await freeLoopbackPort();
  if (!installRuntime(`127.0.0.1:${sdkPort}`)) throw new Error('The Temporal runtime is already installed: serve the worker metrics before the first worker');
  core.metrics.watchProcess();
  return metricsServer({
    own: () => core.metrics.registry.metrics(),
    contentType: core.metrics.registry.contentType,
    sdkUrl: `http://127.0.0.1:${sdkPort}/metrics`,
    port,
    host,
  });
}
