import { describe, expect, it } from 'vitest';
import { usageRegistry } from './usage.js';

describe('usage registry', () => {
  it('adds up what every registered module holds, and leaves out what nobody holds', async () => {
    const registry = usageRegistry();
    registry.registerRoomUsage(async () => new Map([['r1', 2], ['r2', 0]]));
    registry.registerRoomUsage(async (ids) => new Map(ids.map((id) => [id, 1] as const)));
    const counts = await registry.roomUsage(['r1', 'r2', 'r3']);
    expect(Object.fromEntries(counts)).toEqual({ r1: 3, r2: 1, r3: 1 });
  });

  it('asks no check about an empty list, and answers nothing used without checks', async () => {
    const registry = usageRegistry();
    let asked = false;
    registry.registerCampusUsage(async () => {
      asked = true;
      return new Map();
    });
    expect((await registry.campusUsage([])).size).toBe(0);
    expect(asked).toBe(false);
    expect((await usageRegistry().campusUsage(['c1'])).size).toBe(0);
  });

  it('passes the actor to campus checks', async () => {
    const registry = usageRegistry();
    const seen: unknown[] = [];
    registry.registerCampusUsage(async (_ids, context) => {
      seen.push(context.actor);
      return new Map();
    });
    const actor = { id: 'a', firstName: '', lastName: '', email: '', language: null, rules: [] };
    await registry.campusUsage(['c1'], { actor });
    expect(seen).toEqual([actor]);
  });
});
