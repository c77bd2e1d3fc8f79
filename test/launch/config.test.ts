import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/launch/config/config.js";
import { parseConfigOverride, parseDottedKey } from "../../src/launch/config/config-overrides.js";
import { ConfigError } from "../../src/launch/errors.js";
import { flagOverrides } from "../../src/launch/flags.js";
import { resolveSettings } from "../../src/settings/index.js";

let home: string;
beforeEach(() => {
  home = mkdtempSync(join(tmpdir(), "mini-codex-config-"));
});
afterEach(() => rmSync(home, { recursive: true, force: true }));

function writeConfig(text: string): void {
  writeFileSync(join(home, "config.toml"), text);
}

describe("-c overrides", () => {
  it("parses the value as TOML, else keeps the raw string", () => {
    expect(parseConfigOverride("max_tool_rounds=7").value).toBe(7);
    expect(parseConfigOverride("model_providers.x.supports_websockets=true").value).toBe(true);
    expect(parseConfigOverride('model="gpt-5"').value).toBe("gpt-5");
    expect(parseConfigOverride("model=gpt-5.1-codex").value).toBe("gpt-5.1-codex");
    expect(parseConfigOverride("openai_base_url=http://127.0.0.1:9/v1").value).toBe(
      "http://127.0.0.1:9/v1",
    );
  });

  it("splits dotted and quoted keys", () => {
    expect(parseDottedKey('model_providers."my.host".base_url')).toEqual([
      "model_providers",
      "my.host",
      "base_url",
    ]);
    expect(() => parseConfigOverride("novalue")).toThrow(ConfigError);
  });
});

describe("loadConfig", () => {
  it("returns an empty config when there is no file", () => {
    expect(loadConfig({ home }).config).toEqual({});
  });

  it("reads the file, applies -c overrides, and flags win over both", () => {
    writeConfig(
      'model = "from-file"\nmodel_reasoning_effort = "low"\n[model_providers.local]\nbase_url = "http://127.0.0.1:1/v1"\n',
    );
    const { config } = loadConfig({
      home,
      overrides: ["model=from-c", "model_providers.local.stream_max_retries=2"],
      flagOverrides: flagOverrides({
        config: [],
        addDir: [],
        model: "from-flag",
        effort: "high",
        demo: true,
      }),
    });
    expect(config.model).toBe("from-flag");
    expect(config.model_reasoning_effort).toBe("high");
    expect(config.model_provider).toBe("demo");
    expect(config.model_providers?.local).toEqual({
      base_url: "http://127.0.0.1:1/v1",
      stream_max_retries: 2,
    });
  });

  it("warns about unknown keys (top level and in a provider) instead of failing", () => {
    writeConfig(
      'notifi = ["say"]\n[model_providers.p]\nbase_url = "http://127.0.0.1:1/v1"\ncolour = 3\n',
    );
    const { warnings, config } = loadConfig({
      home,
      overrides: ["tuii.notifications=true"],
    });
    expect(warnings.join("\n")).toContain("notifi");
    expect(warnings.join("\n")).toContain("model_providers.p.colour");
    expect(warnings.join("\n")).toContain("tuii");
    expect(config.model_providers?.p?.base_url).toBe("http://127.0.0.1:1/v1");
  });

  it("reads [mcp_servers.<name>] with the Codex keys; an unknown server key warns", () => {
    writeConfig(
      'web_search = "cached"\n[mcp_servers.docs]\ncommand = "docs-mcp"\nargs = ["--stdio"]\nstartup_timeout_sec = 2.5\nauto_approve = true\n[mcp_servers.docs.env]\nTOKEN = "t"\n',
    );
    const { warnings, config } = loadConfig({ home });
    expect(config.web_search).toBe("cached");
    expect(config.mcp_servers?.docs).toEqual({
      command: "docs-mcp",
      args: ["--stdio"],
      startup_timeout_sec: 2.5,
      env: { TOKEN: "t" },
    });
    expect(warnings).toEqual(["unknown config key `mcp_servers.docs.auto_approve` (ignored)"]);
  });

  it("[features] shell_snapshot turns the login snapshot off; other Codex features are ignored", () => {
    writeConfig("[features]\nshell_snapshot = false\nunified_exec = true\n");
    const { warnings, settings } = loadConfig({ home });
    expect(warnings).toEqual([]);
    expect(settings.shell.snapshot).toBe(false);
    const on = loadConfig({ home, overrides: ["features.shell_snapshot=true"] }).settings;
    expect(on.shell.snapshot).toBe(true);
    expect(resolveSettings({}).shell.snapshot).toBe(true);
  });

  it("an MCP server with neither command nor url fails naming it", () => {
    writeConfig("[mcp_servers.docs]\nenabled = true\n");
    expect(() => loadConfig({ home })).toThrow(
      "invalid config value for `mcp_servers.docs`: a server needs exactly one of `command` (stdio) or `url` (streamable HTTP)",
    );
  });

  it("fails naming the key of a bad value", () => {
    writeConfig('model_reasoning_effort = "extreme"\n');
    expect(() => loadConfig({ home })).toThrow(/model_reasoning_effort/);
    expect(() =>
      loadConfig({
        home: join(home, "none"),
        overrides: ["model_providers.x.request_max_retries=-1"],
      }),
    ).toThrow(/model_providers\.x\.request_max_retries/);
  });

  it("fails on broken TOML with the file and line", () => {
    writeConfig('model = "ok"\nmodel_provider = = "x"\n');
    let error: unknown;
    try {
      loadConfig({ home });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as ConfigError).exitCode).toBe(1);
    expect((error as Error).message).toContain(`${join(home, "config.toml")}:2:`);
  });
});
