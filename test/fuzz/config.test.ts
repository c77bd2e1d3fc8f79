import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/launch/config/config.js";
import { CliError } from "../../src/launch/errors.js";
import { fuzz, mutateMany, NASTY } from "./harness.js";

const CONFIG = `model = "gpt-5.1-codex"
model_provider = "local"
model_reasoning_effort = "medium"
model_reasoning_summary = "auto"
approval_policy = "on-request"
sandbox_mode = "workspace-write"
ws_lanes = "off"
apply_patch_tool_type = "custom"
max_tool_rounds = 40
shell_timeout_ms = 10000

[model_providers.local]
name = "Local"
base_url = "http://127.0.0.1:8080/v1"
env_key = "LOCAL_KEY"
wire_api = "responses"
supports_websockets = true
request_max_retries = 4
stream_idle_timeout_ms = 300000
`;

const TOKENS = [
  "[",
  "]",
  "[[",
  "=",
  '"',
  "'''",
  '"""',
  "\\u",
  "#",
  ".",
  "inf",
  "nan",
  "1979-05-27",
  "0x",
  "{ a = 1 }",
  "[[model_providers]]",
  "[model_providers.local.x]",
];

describe("fuzz: config files and -c overrides", { timeout: 60_000 }, () => {
  const home = mkdtempSync(join(tmpdir(), "mini-codex-fuzz-config-"));
  afterAll(() => rmSync(home, { recursive: true, force: true }));

  it("a malformed config.toml loads or fails with a ConfigError naming the problem", async () => {
    const cases = await fuzz(
      "config.toml",
      1_200,
      (rng) =>
        rng.chance(0.05) ? "[".repeat(rng.int(20_000)) : mutateMany(rng, CONFIG, 5, TOKENS),
      async (text) => {
        writeFileSync(join(home, "config.toml"), text);
        try {
          const loaded = loadConfig({ home });
          expect(typeof loaded.config).toBe("object");
        } catch (error) {
          if (!(error instanceof CliError)) throw error;
          expect(error.message.length).toBeGreaterThan(0);
        }
      },
    );
    expect(cases).toBe(1_200);
  });

  it("a malformed -c override applies or fails with a typed error", async () => {
    writeFileSync(join(home, "config.toml"), CONFIG);
    const keys = [
      "model",
      "model_providers.local.base_url",
      "sandbox_mode",
      "a.b.c",
      "",
      "max_tool_rounds",
    ];
    const cases = await fuzz(
      "-c override",
      800,
      (rng) =>
        `${rng.pick(keys)}${rng.pick(["=", "", "==", " = "])}${rng.chance(0.5) ? rng.string(rng.int(12), NASTY) : rng.pick(['"x"', "1", "true", "[1,", "{a=1}", '"http://h/v1"'])}`,
      async (override) => {
        try {
          loadConfig({ home, overrides: [override] });
        } catch (error) {
          if (!(error instanceof CliError)) throw error;
        }
      },
    );
    expect(cases).toBe(800);
  });
});
