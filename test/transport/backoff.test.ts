import { describe, expect, test } from "vitest";
import { backoffDelayMs, sleep } from "../../src/transport/backoff.js";
import { TransportError } from "../../src/transport/errors.js";

describe("backoff", () => {
  test("doubles from 200 ms with the jitter centred on the exact delay", () => {
    expect([0, 1, 2, 3].map((n) => backoffDelayMs(n, () => 0.5))).toEqual([200, 400, 800, 1600]);
  });

  test("jitter stays within ±20 % and the delay is capped", () => {
    expect(backoffDelayMs(2, () => 0)).toBe(640);
    expect(backoffDelayMs(2, () => 1)).toBe(960);
    expect(backoffDelayMs(40, () => 1)).toBe(30_000);
  });

  test("sleep ends early with an aborted TransportError when the signal aborts", async () => {
    const controller = new AbortController();
    const pending = sleep(60_000, controller.signal);
    controller.abort();
    const error = await pending.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(TransportError);
    expect((error as TransportError).kind).toBe("aborted");
  });
});
