// Activity-side helper (not part of the workflow bundle): a long batch keeps telling Temporal it is alive,
// so a worker that dies mid-batch is noticed within the heartbeat timeout rather than the two minutes.
import { Context } from '@temporalio/activity';

/** Runs `work`, heartbeating every `everyMs` while inside an activity (a plain call outside one). */
export async function withHeartbeat<T>(work: () => Promise<T>, everyMs = 2000): Promise<T> {
  let context: Context | null = null;
  try {
    context = Context.current();
  } catch {
    return work();
  }
  const timer = setInterval(() => context?.heartbeat(), everyMs);
  try {
    return await work();
  } finally {
    clearInterval(timer);
  }
}
