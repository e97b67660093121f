// How fast this machine is, measured the same way in every run: the suite's time on two machines differs by 2x and
// more (a clean clone of the same commit took 1,071 s on one and 2,463 s on another), so a total is printed with the
// ratio to a fixed piece of work timed on the same machine before the run starts (issue #31's budget is per machine).

/** Sorts and serialises a fixed pseudo-random array, JavaScript work like the suite's own; the checksum keeps it honest. */
export function referenceWork(size = 200_000): number {
  let seed = 42;
  const values = Array.from({ length: size }, () => {
    seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648;
    return { id: seed, name: `n${seed % 9973}` };
  });
  values.sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
  const text = JSON.stringify(values);
  return (JSON.parse(text) as { id: number }[]).reduce((sum, v, i) => (sum + v.id * (i % 7)) % 1_000_000_007, text.length);
}

/** The fastest of three timings of the work, in milliseconds. */
export function referenceWorkMs(): number {
  let best = Infinity;
  for (let i = 0; i < 3; i++) {
    const started = performance.now();
    referenceWork();
    best = Math.min(best, performance.now() - started);
  }
  return Math.round(best);
}
