/** A small seeded pseudo-random generator (mulberry32), so every fuzz run can be replayed. */
export class Prng {
  private state: number;

  constructor(readonly seed: number) {
    this.state = seed >>> 0;
  }

  /** A float in [0, 1). */
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }

  /** An integer in [0, n). */
  int(n: number): number {
    return Math.floor(this.next() * n);
  }

  pick<T>(items: readonly T[]): T {
    return items[this.int(items.length)]!;
  }

  chance(p: number): boolean {
    return this.next() < p;
  }

  /** A string of `length` characters drawn from `alphabet`. */
  string(length: number, alphabet: string): string {
    let out = "";
    for (let i = 0; i < length; i += 1) out += alphabet[this.int(alphabet.length)];
    return out;
  }
}

/** The seed of this run: FUZZ_SEED when set (to replay a failure), else a fresh one. */
export function fuzzSeed(env: NodeJS.ProcessEnv = process.env): number {
  const fixed = env.FUZZ_SEED;
  if (fixed !== undefined && /^\d+$/.test(fixed)) return Number(fixed) >>> 0;
  return (Date.now() ^ (process.pid << 16)) >>> 0;
}
