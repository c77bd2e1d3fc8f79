import { mkdirSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, runCli } from "./helpers.js";

const suite = demoSuite();

function writeConfig(text: string) {
  mkdirSync(suite.world.home, { recursive: true });
  writeFileSync(join(suite.world.home, "config.toml"), text);
}

const PROFILES = `model = "gpt-5-codex"
model_reasoning_effort = "high"

[profiles.fast]
model = "gpt-5-mini"
model_reasoning_effort = "low"
`;

type Body = { model?: string; reasoning?: { effort?: string } };
const lastBody = () => (suite.server.requests.at(-1)?.body ?? {}) as Body;

describe("-p/--profile applies [profiles.NAME] from config.toml", () => {
  it("-p fast changes the model and effort sent on the wire; without it the top level holds", async () => {
    writeConfig(PROFILES);
    const fast = await runCli(["exec", ...suite.against(), "-p", "fast", "hello"], {
      env: suite.world.env(),
    });
    expect(fast.stderr).not.toContain("error");
    expect(fast.code).toBe(0);
    const sent = lastBody();
    expect(sent.model).toBe("gpt-5-mini");
    expect(sent.reasoning?.effort).toBe("low");

    const plain = await runCli(["exec", ...suite.against(), "hello"], { env: suite.world.env() });
    expect(plain.code).toBe(0);
    const top = lastBody();
    expect(top.model).toBe("gpt-5-codex");
    expect(top.reasoning?.effort).toBe("high");
  });

  it("flags still win over the profile, and an unknown profile is a clear error", async () => {
    writeConfig(PROFILES);
    const flagged = await runCli(
      ["exec", ...suite.against(), "--profile", "fast", "--effort", "medium", "hello"],
      { env: suite.world.env() },
    );
    expect(flagged.code).toBe(0);
    expect(lastBody().reasoning?.effort).toBe("medium");

    const missing = await runCli(["exec", ...suite.against(), "-p", "slow", "hello"], {
      env: suite.world.env(),
    });
    expect(missing.code).not.toBe(0);
    expect(missing.stderr).toContain("profile `slow` is not in config.toml (profiles: fast)");
  });
});
