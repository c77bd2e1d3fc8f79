import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { loadConfig } from "../../src/launch/config/config.js";
import {
  unknownKeyWarnings,
  WARNED_CONFIGS_FILE,
} from "../../src/launch/config/config-warnings.js";

let root: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-config-warnings-"));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

// Issue 46: a key neither mini-codex nor the Codex CLI knows is said once per file's contents
// (every start and exec of a shared ~/.codex/config.toml said it before); `-c` every run.
describe("unknown config keys, once per file", () => {
  const state = () => join(root, "state");
  const warningsNow = (overrides: string[] = []) =>
    unknownKeyWarnings(loadConfig({ home: root, overrides }).unknownKeys, state());

  it("says a file's unknown keys once, again once the file changes, and a -c key every run", () => {
    const file = join(root, "config.toml");
    writeFileSync(file, 'file_opener = "vscode"\nmodle = "gpt-5"\n');
    expect(warningsNow()).toEqual([
      `unknown config key \`modle\` in ${file} (ignored); not said again until the file changes`,
    ]);
    expect(warningsNow()).toEqual([]);
    const remembered = JSON.parse(readFileSync(join(state(), WARNED_CONFIGS_FILE), "utf8"));
    expect(remembered.warned).toHaveLength(1);
    expect(JSON.stringify(remembered)).not.toContain("modle");

    writeFileSync(file, 'file_opener = "vscode"\nmodle = "gpt-5"\nnotifi = ["say"]\n');
    expect(warningsNow()).toEqual([
      `2 config keys neither mini-codex nor the Codex CLI knows in ${file} (ignored): modle, notifi; not said again until the file changes`,
    ]);
    expect(warningsNow(["tuii.notifications=true"])).toEqual([
      "unknown config key `tuii` given with -c (ignored)",
    ]);
    expect(warningsNow(["tuii.notifications=true"])).toHaveLength(1);
  });

  it("Codex's own hook trust record is quiet; inline hooks, which would run under Codex, are named", () => {
    const file = join(root, "config.toml");
    writeFileSync(file, '[hooks.state]\n"/x/pre.py" = "trusted"\n');
    expect(warningsNow()).toEqual([]);
    writeFileSync(file, '[[hooks.PreToolUse]]\nmatcher = "Bash"\n');
    expect(warningsNow()).toEqual([
      `inline hooks in ${file} are not run (mini-codex runs hooks.json): hooks.PreToolUse; not said again until the file changes`,
    ]);
  });

  it("a state home that cannot be written only means the warning comes again", () => {
    writeFileSync(join(root, "config.toml"), "modle = 1\n");
    writeFileSync(join(root, "state"), "a file where the folder would be\n");
    expect(warningsNow()).toHaveLength(1);
    expect(warningsNow()).toHaveLength(1);
  });
});
