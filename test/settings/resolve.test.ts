import { describe, expect, it } from "vitest";
import { configKeySchema, resolveSettings } from "../../src/settings/index.js";

describe("resolveSettings", () => {
  it("lands each key in its section, a table's keys one by one, the records' defaults for the rest", () => {
    const config = resolveSettings({
      shell_timeout_ms: 5000,
      tui: { cost_question: false },
      features: { multi_agent: false },
    });
    expect(config.shell).toEqual({
      timeoutMs: 5000,
      maxTimeoutMs: 600_000,
      tool: "auto",
      snapshot: true,
    });
    expect(config.tui).toMatchObject({ costQuestion: false, costQuestionMinUsd: 0.05 });
    expect(config.agents).toMatchObject({ multiAgent: false, enabled: true, maxThreads: 4 });
    // a default is a value of its own: one run's table is never another's
    const other = resolveSettings({});
    other.shellEnvironment.exclude.push("X");
    expect(resolveSettings({}).shellEnvironment.exclude).toEqual([]);
  });

  it("validates a table as one key: its keys' schemas, other keys dropped", () => {
    const tui = configKeySchema("tui");
    expect(tui?.safeParse({ escape_timeout_ms: 20, colour: "red" })).toMatchObject({
      success: true,
      data: { escape_timeout_ms: 20 },
    });
    const bad = tui?.safeParse({ escape_timeout_ms: -1 });
    expect(bad?.success).toBe(false);
    expect(bad?.error?.issues[0]?.path).toEqual(["escape_timeout_ms"]);
    expect(configKeySchema("tui.escape_timeout_ms")).toBeUndefined();
  });
});
