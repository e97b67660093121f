import { AsyncLocalStorage } from 'node:async_hooks';
import { Client, Connection, defaultGrpcRetryOptions, makeGrpcRetryInterceptor, type ConnectionOptions } from '@temporalio/client';
import { realNow } from '../clock.js';
import { TemporalUnavailableError } from './unavailable.js';

export { TemporalUnavailableError, isTemporalUnavailable } from './unavailable.js';

export interface TemporalHandle {
  /**
   * The connected client; rejects with TemporalUnavailableError (and the reason) when the server cannot be reached,
   * inside a request (withRequestDeadline) as soon as the request's deadline has passed.
   */
  client(): Promise<Client>;
  /** 'ok', or why not; answered within `timeoutMs`. */
  health(timeoutMs?: number): Promise<'ok' | string>;
  close(): Promise<void>;
}

type GrpcInterceptor = NonNullable<ConnectionOptions['interceptors']>[number];

/** Set around every HTTP request (app.ts): the Temporal calls made while answering it get a deadline. */
const requestScope = new AsyncLocalStorage<{ timeoutMs: number }>();

/**
 * Runs `fn` as a request: a Temporal call made inside it without a deadline of its own fails after `timeoutMs`
 * instead of retrying for some 20 s (the SDK's default retries on UNAVAILABLE), so the person gets a 503 at once.
 */
export function withRequestDeadline<T>(timeoutMs: number, fn: () => T): T {
  return requestScope.run({ timeoutMs }, fn);
}

// Outermost, so the SDK's retries (next in the list) share one deadline. A call with its own deadline keeps it.
export const requestDeadline: GrpcInterceptor = (options, nextCall) => {
  const scope = requestScope.getStore();
  const bounded = scope && options.deadline === undefined ? { ...options, deadline: realNow() + scope.timeoutMs } : options;
  // grpc-js uses what the next interceptor answers as the call itself: nothing of ours to add to it.
  return nextCall(bounded) as ReturnType<GrpcInterceptor>;
};

const retries = defaultGrpcRetryOptions();
const sdkRetries = makeGrpcRetryInterceptor(retries);

/**
 * The SDK's retries of an unreachable server; in a request they stop once its timeout has passed, even for a call
 * with a longer deadline of its own (a signature waiting for its workflow), whose failure is then the server's.
 */
export const requestBoundedRetries: GrpcInterceptor = (options, nextCall) => {
  const scope = requestScope.getStore();
  if (!scope) return sdkRetries(options, nextCall);
  const giveUpAt = realNow() + scope.timeoutMs;
  return makeGrpcRetryInterceptor({
    delayFunction: (attempt, status) => Math.min(retries.delayFunction(attempt, status), Math.max(0, giveUpAt - realNow())),
    retryableDecider: (attempt, status) => realNow() < giveUpAt && retries.retryableDecider(attempt, status),
  })(options, nextCall);
};

/** Deadline first, so that every retry shares it. */
export const temporalInterceptors: GrpcInterceptor[] = [requestDeadline, requestBoundedRetries];

const connectTimeoutMs = 5000;

/** Connects lazily, so the API starts (and says why in its readiness) even while Temporal is down. */
export function createTemporal(address: () => string | undefined, namespace: string): TemporalHandle {
  let connecting: Promise<{ connection: Connection; client: Client }> | null = null;
  const connect = () => {
    connecting ??= (async () => {
      const target = address();
      if (!target) throw new Error('no Temporal server address (TEMPORAL_ADDRESS unset and no dev server started)');
      const connection = Connection.lazy({
        address: target,
        connectTimeout: connectTimeoutMs,
        interceptors: temporalInterceptors,
      });
      try {
        await connection.ensureConnected();
      } catch (error) {
        // Its channel would go on reconnecting in the background: every failed attempt would leave one behind.
        await connection.close().catch(() => undefined);
        throw error;
      }
      return { connection, client: new Client({ connection, namespace }) };
    })().catch((error: unknown) => {
      connecting = null;
      throw new TemporalUnavailableError(messageOf(error), { cause: error });
    });
    return connecting;
  };
  /** The connection, waited for at most `timeoutMs` (an attempt under way goes on for the next caller). */
  const connectWithin = async (timeoutMs: number | undefined) => {
    if (timeoutMs === undefined) return connect();
    let timer: NodeJS.Timeout | undefined;
    const late = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(new TemporalUnavailableError(`no connection within ${timeoutMs} ms`)), timeoutMs);
    });
    try {
      return await Promise.race([connect(), late]);
    } finally {
      clearTimeout(timer);
    }
  };
  return {
    client: async () => (await connectWithin(requestScope.getStore()?.timeoutMs)).client,
    async health(timeoutMs = connectTimeoutMs) {
      const deadline = realNow() + timeoutMs;
      try {
        const { connection } = await connectWithin(timeoutMs);
        await connection.withDeadline(deadline, () => connection.workflowService.getSystemInfo({}));
        return 'ok';
      } catch (error) {
        return messageOf(error);
      }
    },
    async close() {
      if (!connecting) return;
      const current = connecting;
      connecting = null;
      try {
        await (await current).connection.close();
      } catch {
        // A connection that never opened has nothing to close.
      }
    },
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
