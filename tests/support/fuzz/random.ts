// A small seeded generator (mulberry32): the same seed draws the same cases, so a failing run can be replayed.

/** The seed of this run: FUZZ_SEED when set (a number), else a fixed one so CI runs are identical. */
export function fuzzSeed(env: string | undefined = process.env.FUZZ_SEED): number {
  if (env === undefined || env === '') return 20_260_214;
  const seed = Number(env);
  if (!Number.isInteger(seed)) throw new Error(`FUZZ_SEED must be an integer, not "${env}"`);
  return seed >>> 0;
}

export class Random {
  private state: number;

  constructor(private readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  pick<T>(items: readonly T[]): T {
    if (!items.length) throw new Error('pick from an empty list');
    return items[this.int(items.length)]!;
  }

  /** Up to n distinct items, in a drawn order. */
  sample<T>(items: readonly T[], n: number): T[] {
    const copy = [...items];
    for (let i = copy.length - 1; i > 0; i -= 1) {
      const j = this.int(i + 1);
      [copy[i], copy[j]] = [copy[j]!, copy[i]!];
    }
    return copy.slice(0, n);
  }

  /** A version 4 UUID drawn from the generator (ids that exist nowhere). */
  uuid(): string {
    const hex = (n: number) => (Math.floor(this.next() * 2 ** 32) >>> 0).toString(16).padStart(8, '0').slice(0, n);
    const variant = (8 + this.int(4)).toString(16);
    return `${hex(8)}-${hex(4)}-4${hex(3)}-${variant}${hex(3)}-${hex(8)}${hex(4)}`;
  }

  /** A child generator from the seed and a label: a target's draws do not shift when another target is added. */
  fork(label: string): Random {
    let h = (this.seed ^ 0x9e3779b9) >>> 0;
    for (let i = 0; i < label.length; i += 1) h = Math.imul(h ^ label.charCodeAt(i), 0x01000193);
    return new Random(h >>> 0);
  }
}
