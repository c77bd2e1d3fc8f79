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
    expect(missing.stderr).toContain("profile `slow` not found");
    expect(missing.stderr).toContain("(profiles: fast ([profiles.fast]))");
  });
});

describe("-p/--profile applies NAME.config.toml beside config.toml (Codex 0.171)", () => {
  const writeProfile = (name: string, text: string) =>
    writeFileSync(join(suite.world.home, `${name}.config.toml`), text);
  const TOP = 'model = "gpt-5-codex"\nmodel_reasoning_effort = "high"\n';

  it("the file is laid over config.toml, -c wins over it, and the header names it", async () => {
    writeConfig(TOP);
    writeProfile("quick", 'model = "gpt-5-mini"\nmodel_reasoning_effort = "low"\n');
    const quick = await runCli(["exec", ...suite.against(), "-p", "quick", "hello"], {
      env: suite.world.env(),
    });
    expect(quick.code, quick.stderr).toBe(0);
    expect(lastBody().model).toBe("gpt-5-mini");
    expect(lastBody().reasoning?.effort).toBe("low");
    expect(quick.stderr).toContain(
      `profile: quick (${join(suite.world.home, "quick.config.toml")})`,
    );

    // as in the Codex CLI 0.171, -c is above the profile file (a [profiles.NAME] table is above -c)
    const overridden = await runCli(
      ["exec", ...suite.against(), "-p", "quick", "-c", "model_reasoning_effort=medium", "hello"],
      { env: suite.world.env() },
    );
    expect(overridden.code, overridden.stderr).toBe(0);
    expect(lastBody().model).toBe("gpt-5-mini");
    expect(lastBody().reasoning?.effort).toBe("medium");
  });

  it("an unknown name lists both kinds; a name that is both is refused, naming both", async () => {
    writeConfig(`${TOP}\n[profiles.fast]\nmodel = "gpt-5-mini"\n`);
    writeProfile("quick", 'model = "gpt-5-mini"\n');
    const missing = await runCli(["exec", ...suite.against(), "-p", "slow", "hello"], {
      env: suite.world.env(),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(
      "(profiles: quick (quick.config.toml), fast ([profiles.fast]))",
    );
    expect(missing.stderr).toContain(join(suite.world.home, "slow.config.toml"));

    writeProfile("fast", 'model = "gpt-5"\n');
    const twice = await runCli(["exec", ...suite.against(), "-p", "fast", "hello"], {
      env: suite.world.env(),
    });
    expect(twice.code).toBe(1);
    expect(twice.stderr).toContain("profile `fast` is defined twice");
    expect(twice.stderr).toContain(join(suite.world.home, "fast.config.toml"));
  });
});
