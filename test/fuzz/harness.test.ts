import { afterEach, describe, expect, it, vi } from "vitest";
import { fuzz } from "./harness.js";
import { Prng } from "./prng.js";

describe("the fuzz harness", () => {
  afterEach(() => {
    vi.unstubAllEnvs();
    vi.restoreAllMocks();
  });

  it("names the seed and the case on failure, and FUZZ_SEED replays the same inputs", async () => {
    vi.spyOn(console, "error").mockImplementation(() => {});
    vi.stubEnv("FUZZ_SEED", "4242");
    const seen: number[] = [];
    const failing = fuzz(
      "demo",
      100,
      (rng) => rng.int(1000),
      (n) => {
        seen.push(n);
        if (seen.length === 7) throw new TypeError("boom");
      },
    );
    await expect(failing).rejects.toThrow(
      /fuzz "demo" failed on case 6 \(replay with FUZZ_SEED=4242\): TypeError: boom/,
    );
    const replay = new Prng(4242);
    expect(seen).toEqual(Array.from({ length: 7 }, () => replay.int(1000)));
  });
});
