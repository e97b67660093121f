import { describe, expect, it } from 'vitest';
import { realNow } from '../clock.js';
import { requestDeadline, withRequestDeadline } from './client.js';

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
