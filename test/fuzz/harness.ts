import { fuzzSeed, Prng } from "./prng.js";

/** Characters malformed input is made of: markers' pieces, whitespace, controls, odd Unicode. */
export const NASTY =
  "*@+- \t\r\n:{}[]\",=.#/\\'`$<>|~0123456789abcXYZ\u0000\u0007\u001b\u007f\u00a0\u00e9\u2028\u2019\ufeff\ud800\udfff😀";

/** One random edit of a text: insert, delete, duplicate, swap, truncate or splice in a token. */
export function mutate(rng: Prng, text: string, tokens: readonly string[] = []): string {
  const at = rng.int(text.length + 1);
  switch (rng.int(8)) {
    case 0:
      return text.slice(0, at) + rng.string(1 + rng.int(4), NASTY) + text.slice(at);
    case 1:
      return text.slice(0, at) + text.slice(at + 1 + rng.int(12));
    case 2:
      return text.slice(0, rng.int(text.length + 1));
    case 3: {
      const lines = text.split("\n");
      const i = rng.int(lines.length);
      lines.splice(i, 0, lines[rng.int(lines.length)] ?? "");
      return lines.join("\n");
    }
    case 4: {
      const lines = text.split("\n");
      const i = rng.int(lines.length);
      const j = rng.int(lines.length);
      [lines[i], lines[j]] = [lines[j] ?? "", lines[i] ?? ""];
      return lines.join("\n");
    }
    case 5: {
      const lines = text.split("\n");
      lines.splice(rng.int(lines.length), 1);
      return lines.join("\n");
    }
    case 6:
      return tokens.length > 0 ? text.slice(0, at) + rng.pick(tokens) + text.slice(at) : text;
    default: {
      const lines = text.split("\n");
      const i = rng.int(lines.length);
      lines[i] =
        `${rng.pick([" ", "  ", "\t", ""])}${lines[i] ?? ""}${rng.pick(["", " ", "\r", "\t"])}`;
      return lines.join("\n");
    }
  }
}

/** Apply 1..max random edits. */
export function mutateMany(rng: Prng, text: string, max: number, tokens: readonly string[] = []) {
  let out = text;
  const edits = 1 + rng.int(max);
  for (let i = 0; i < edits; i += 1) out = mutate(rng, out, tokens);
  return out;
}

const shown = (input: unknown) => {
  const text = typeof input === "string" ? input : JSON.stringify(input);
  return JSON.stringify(text.length > 1500 ? `${text.slice(0, 1500)}…` : text);
};

/**
 * Run `count` generated cases through `check`. A failing case is reported with the seed that
 * replays the run (FUZZ_SEED=…) and its index and input. Returns the number of cases run.
 */
export async function fuzz<T>(
  name: string,
  count: number,
  generate: (rng: Prng, index: number) => T,
  check: (input: T, rng: Prng) => void | Promise<void>,
): Promise<number> {
  const seed = fuzzSeed();
  const rng = new Prng(seed);
  for (let i = 0; i < count; i += 1) {
    const input = generate(rng, i);
    try {
      await check(input, rng);
    } catch (error) {
      const why = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
      const message = `fuzz "${name}" failed on case ${i} (replay with FUZZ_SEED=${seed}): ${why}\ninput: ${shown(input)}`;
      console.error(message);
      throw new Error(message, { cause: error });
    }
  }
  return count;
}

/** Run `action`; a thrown error must be one of `allowed` (a typed failure), else it is re-thrown. */
export async function typedFailure(
  action: () => unknown,
  allowed: ReadonlyArray<abstract new (...args: never[]) => Error>,
): Promise<Error | undefined> {
  try {
    await action();
    return undefined;
  } catch (error) {
    if (allowed.some((type) => error instanceof type)) return error as Error;
    throw error;
  }
}
