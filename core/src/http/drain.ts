import type { IncomingMessage, Server, ServerResponse } from 'node:http';

/**
 * The requests in flight on the core's servers, so that a restart finishes them instead of cutting them: on
 * stop, the servers stop accepting connections, idle keep-alive connections close, every answer still to come
 * says `Connection: close`, and the connections left once the requests have ended (or the bound has passed) are cut.
 */
export class Drain {
  private readonly inFlight = new Set<ServerResponse>();
  private readonly servers: Server[] = [];
  private stopping = false;
  private emptied: (() => void) | null = null;

  get isStopping(): boolean {
    return this.stopping;
  }

  /** Counts the server's requests from their headers to the end of their answer (a streamed download included). */
  track(server: Server): void {
    this.servers.push(server);
    server.on('request', (_request: IncomingMessage, response: ServerResponse) => {
      this.inFlight.add(response);
      if (this.stopping) response.shouldKeepAlive = false;
      response.once('close', () => {
        this.inFlight.delete(response);
        if (!this.inFlight.size) this.emptied?.();
      });
    });
  }

  /** Stops accepting, waits for the requests in flight at most `timeoutMs`, then closes every connection left. */
  async stop(timeoutMs: number): Promise<{ unfinished: number }> {
    this.stopping = true;
    for (const response of this.inFlight) if (!response.headersSent) response.shouldKeepAlive = false;
    const closed = this.servers.map((server) => new Promise<void>((resolve) => server.close(() => resolve())));
    for (const server of this.servers) server.closeIdleConnections();
    let timer: NodeJS.Timeout | undefined;
    if (this.inFlight.size) {
      await new Promise<void>((resolve) => {
        this.emptied = resolve;
        timer = setTimeout(resolve, timeoutMs);
      });
    }
    clearTimeout(timer);
    const unfinished = this.inFlight.size;
    for (const server of this.servers) server.closeAllConnections();
    await Promise.all(closed);
    return { unfinished };
  }
}
