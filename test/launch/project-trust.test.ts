import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, realpathSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/launch/config/config.js";
import { recordTrust, projectTrust as trustOf } from "../../src/launch/project-trust.js";
import { type MiniCodexConfig, resolveSettings } from "../../src/settings/index.js";

/** projectTrust over config.toml's keys as written. */
const projectTrust = (config: MiniCodexConfig, cwd: string) =>
  trustOf(resolveSettings(config), cwd);

describe("folder trust in config.toml", () => {
  const dirs: string[] = [];
  const temp = () => {
    const dir = realpathSync(mkdtempSync(join(tmpdir(), "mini-codex-trust-")));
    dirs.push(dir);
    return dir;
  };
  afterEach(() => {
    for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
  });

  it("records a decision after what config.toml held, byte for byte, and replaces it later", () => {
    const home = temp();
    const kept = '# my settings\nmodel = "gpt-5"\n\n[tui]\nnotifications = true\n';
    writeFileSync(join(home, "config.toml"), kept);
    recordTrust(home, '/work/a "quoted" dir', "untrusted");
    recordTrust(home, "/work/b", "trusted");
    recordTrust(home, '/work/a "quoted" dir', "trusted");
    const text = readFileSync(join(home, "config.toml"), "utf8");
    expect(text.startsWith(kept)).toBe(true);
    expect(text.match(/trust_level/g)).toHaveLength(2);
    const config = loadConfig({ home }).config;
    expect(config.projects?.['/work/a "quoted" dir']?.trust_level).toBe("trusted");
    expect(config.projects?.["/work/b"]?.trust_level).toBe("trusted");
    expect(config.model).toBe("gpt-5");
  });

  it("an entry written another way is not duplicated: a clear error and the file unchanged", () => {
    const home = temp();
    const kept = 'projects = { "/work/c" = { trust_level = "untrusted" } }\n';
    writeFileSync(join(home, "config.toml"), kept);
    expect(() => recordTrust(home, "/work/c", "trusted")).toThrow(
      /already has a projects entry for \/work\/c: add trust_level = "trusted" to it/,
    );
    expect(readFileSync(join(home, "config.toml"), "utf8")).toBe(kept);
    expect(loadConfig({ home }).config.projects?.["/work/c"]?.trust_level).toBe("untrusted");
  });

  it("a repository's subfolder takes its root's entry; a folder inside a trusted one is covered", () => {
    const root = temp();
    const repo = join(root, "repo");
    execFileSync("git", ["init", "-q", repo]);
    mkdirSync(join(repo, "src"));
    const plain = join(root, "plain", "deeper");
    mkdirSync(plain, { recursive: true });
    const none = projectTrust({}, join(repo, "src"));
    expect(none).toEqual({ root: repo, inGit: true });
    const projects = {
      [repo]: { trust_level: "untrusted" as const },
      [root]: { trust_level: "trusted" as const },
    };
    expect(projectTrust({ projects }, join(repo, "src")).level).toBe("untrusted");
    expect(projectTrust({ projects }, plain)).toEqual({
      root: plain,
      inGit: false,
      level: "trusted",
    });
  });
});
