import net from 'node:net';
import { Connection } from '@temporalio/client';
import { describe, expect, it } from 'vitest';
import { realNow } from '../clock.js';
import { requestDeadline, temporalInterceptors, withRequestDeadline } from './client.js';

type Options = Parameters<typeof requestDeadline>[0];

/** What the next interceptor (the SDK's retries, then the call) is handed. */
function passedOn(options: Partial<Options>): Options {
  let seen: Options | undefined;
  requestDeadline(options as Options, (next) => {
    seen = next as Options;
    return {} as ReturnType<typeof requestDeadline>;
  });
  return seen!;
}

describe('Temporal calls made while answering a request', () => {
  it('get the request deadline, shared by the retries that follow', () => {
    const before = realNow();
    const options = withRequestDeadline(2500, () => passedOn({ deadline: undefined }));
    expect(Number(options.deadline)).toBeGreaterThanOrEqual(before + 2500);
    expect(Number(options.deadline)).toBeLessThanOrEqual(realNow() + 2500);
  });

  it('keep a deadline of their own (a signature waiting for its workflow)', () => {
    const own = realNow() + 60_000;
    expect(withRequestDeadline(2500, () => passedOn({ deadline: own })).deadline).toBe(own);
  });

  it('outside any request (a worker, a schedule at start) are left as the SDK makes them', () => {
    expect(passedOn({ deadline: undefined }).deadline).toBeUndefined();
  });
});

describe('an unreachable Temporal server', () => {
  it('is given up within the request timeout, even by a call with a longer deadline of its own', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as net.AddressInfo;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const connection = Connection.lazy({ address: `127.0.0.1:${port}`, interceptors: temporalInterceptors });
    try {
      // Its own deadline is 8 s: the SDK alone retries UNAVAILABLE for some 20 s, so it would end DEADLINE_EXCEEDED (4).
      const call = withRequestDeadline(300, () => connection.withDeadline(realNow() + 8000, () => connection.workflowService.getSystemInfo({})));
      await expect(call).rejects.toMatchObject({ code: 14 });
    } finally {
      await connection.close();
    }
  });
});
