import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/launch/config/config.js";
import { tomlErrorText } from "../../src/launch/config/toml-error.js";
import { ConfigError } from "../../src/launch/errors.js";
import { resolveHomes } from "../../src/launch/home.js";

// Issue 37: a Codex user's ~/.codex/config.toml and its NAME.config.toml profiles work as they are.
let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-homes-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const write = (path: string, text: string) => {
  mkdirSync(join(path, ".."), { recursive: true });
  writeFileSync(path, text);
};

describe("resolveHomes: which config.toml a run reads", () => {
  it("~/.codex/config.toml when ~/.mini-codex has none, said with how to stop it", () => {
    write(join(root, ".codex", "config.toml"), 'model = "m"\n');
    const homes = resolveHomes({ HOME: root });
    expect(homes.state).toBe(join(root, ".mini-codex"));
    expect(homes.config).toBe(join(root, ".codex"));
    expect(homes.codexNotice).toContain(join(root, ".codex", "config.toml"));
    expect(homes.codexNotice).toContain("set MINI_CODEX_HOME");
  });

  it("$CODEX_HOME names the Codex home", () => {
    const codex = join(root, "elsewhere");
    write(join(codex, "config.toml"), "");
    expect(resolveHomes({ HOME: root, CODEX_HOME: codex }).config).toBe(codex);
  });

  it("mini-codex's own config.toml, or MINI_CODEX_HOME however empty, wins", () => {
    write(join(root, ".codex", "config.toml"), "");
    const own = join(root, "own");
    mkdirSync(own);
    expect(resolveHomes({ HOME: root, MINI_CODEX_HOME: own })).toEqual({ state: own, config: own });
    write(join(root, ".mini-codex", "config.toml"), "");
    const mine = join(root, ".mini-codex");
    expect(resolveHomes({ HOME: root })).toEqual({ state: mine, config: mine });
  });

  it("no config.toml anywhere: mini-codex's home, nothing said", () => {
    const mine = join(root, ".mini-codex");
    expect(resolveHomes({ HOME: root })).toEqual({ state: mine, config: mine });
  });
});

describe("profiles: NAME.config.toml and [profiles.NAME]", () => {
  const config = (text: string) => write(join(root, "config.toml"), text);
  const profile = (name: string, text: string) => write(join(root, `${name}.config.toml`), text);

  it("a profile file merges tables key by key over config.toml, under -c", () => {
    config('model = "top"\n[model_providers.local]\nbase_url = "http://a/v1"\nname = "Local"\n');
    profile("work", 'model = "work-model"\n[model_providers.local]\nbase_url = "http://b/v1"\n');
    const loaded = loadConfig({ home: root, profile: "work", overrides: ['model="from-c"'] });
    expect(loaded.config.model).toBe("from-c");
    expect(loaded.config.model_providers?.local).toMatchObject({
      base_url: "http://b/v1",
      name: "Local",
    });
    expect(loaded.profile).toBe("work");
    expect(loaded.profileFile).toBe(join(root, "work.config.toml"));
  });

  it("[profiles.NAME] still applies over -c; the `profile` key picks either kind", () => {
    config('profile = "work"\nmodel = "top"\n[profiles.old]\nmodel = "old-model"\n');
    profile("work", 'model = "work-model"\n');
    expect(loadConfig({ home: root }).config.model).toBe("work-model");
    const old = loadConfig({ home: root, profile: "old", overrides: ['model="from-c"'] });
    expect(old.config.model).toBe("old-model");
    expect(old.profileFile).toBeUndefined();
  });

  it("a key a profile sets counts as set on the command line (a resumed session's own yields)", () => {
    config('model = "top"\n');
    profile("work", 'model = "work-model"\n');
    const seen: string[] = [];
    loadConfig({
      home: root,
      profile: "work",
      sessionDefaults: (sets) => {
        if (sets("model")) seen.push("model");
        if (sets("sandbox_mode")) seen.push("sandbox_mode");
        return [];
      },
    });
    expect(seen).toEqual(["model"]);
  });

  it("Codex keys mini-codex does not use are taken silently; others are one warning, never an error", () => {
    config(
      'model_verbosity = "low"\nfile_opener = "vscode"\nfile_openr = "vscode"\n[history]\npersistence = "none"\n[analytics]\nenabled = false\n[model_providers.az]\nbase_url = "http://127.0.0.1:1/v1"\nquery_params = { api-version = "2025-04-01" }\n[mcp_servers.docs]\ncommand = "docs"\nrequired = true\n',
    );
    profile("work", "hide_agent_reasoning = true\nhide_agent_reasonin = true\n");
    const loaded = loadConfig({ home: root, profile: "work" });
    expect(loaded.warnings).toEqual([
      "2 config keys neither mini-codex nor the Codex CLI knows (ignored): file_openr, hide_agent_reasonin",
    ]);
    // each named with the file that holds it
    expect(loaded.unknownKeys).toEqual([
      { key: "file_openr", file: join(root, "config.toml") },
      { key: "hide_agent_reasonin", file: join(root, "work.config.toml") },
    ]);
    expect(loaded.config.model_providers?.az?.base_url).toBe("http://127.0.0.1:1/v1");
  });

  it("a broken profile file names its own line", () => {
    config('model = "top"\n');
    profile("work", "model = work\n");
    expect(() => loadConfig({ home: root, profile: "work" })).toThrow(
      `${join(root, "work.config.toml")}:1:9: invalid value`,
    );
  });
});

describe("a TOML syntax error shows the line, a caret under the column and a hint", () => {
  it("for a missing bracket of a table header", () => {
    write(join(root, "config.toml"), 'model = "x"\n[model_providers.local\nbase_url = "y"\n');
    let error: unknown;
    try {
      loadConfig({ home: root });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    expect((error as Error).message).toBe(
      [
        `${join(root, "config.toml")}:2:23: illegal character in key`,
        "  2 | [model_providers.local",
        "    |                       ^",
        'hint: a table header is [name] or [a.b] on a line of its own; a key with other characters than letters, digits, "_" and "-" needs quotes: ["my.host"]',
      ].join("\n"),
    );
  });

  it("a bare word value, an unfinished array (the line before shown), a tab before the column", () => {
    const bare = tomlErrorText("c.toml", "model = gpt-5\n", {
      message: "Invalid TOML document: invalid value\n\n1:  model = gpt-5\n",
      line: 1,
      column: 9,
    });
    expect(bare.split("\n").slice(1)).toEqual([
      "  1 | model = gpt-5",
      "    |         ^",
      'hint: a text value needs quotes (model = "gpt-5"); true and false are lowercase; numbers have no units',
    ]);
    const array = tomlErrorText("c.toml", "k = [1, 2\n", {
      message: "Invalid TOML document: expected comma or end of structure",
      line: 2,
      column: 1,
    });
    expect(array.split("\n").slice(1, 4)).toEqual(["  1 | k = [1, 2", "  2 | ", "    | ^"]);
    expect(array).toContain("needs a comma between entries and its closing bracket");
    const tabbed = tomlErrorText("c.toml", "\tmodel = gpt\n", {
      message: "invalid value",
      line: 1,
      column: 10,
    });
    expect(tabbed.split("\n")[2]).toBe(`    | ${" ".repeat(16)}^`);
  });
});
