import { mkdtempSync, realpathSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import type { SharedFlags } from "../../src/launch/flags.js";
import { savedUnderTrust } from "../../src/launch/project-trust.js";
import type { SavedSettings } from "../../src/launch/resume/saved-settings.js";
import { loadRuntime } from "../../src/launch/runtime.js";

// A resumed session in an untrusted folder runs restricted, whatever it ran with before
// (docs/config.md, "Trust"); the command line still wins.

let root: string;
beforeEach(() => {
  root = realpathSync(mkdtempSync(join(tmpdir(), "mini-codex-untrusted-resume-")));
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const saved = (): SavedSettings => ({
  id: "0199a000-0000-7000-8000-000000000001",
  path: join(root, "session.jsonl"),
  cwd: root,
  model: "gpt-5",
  provider: "demo",
  sandbox: "workspace-write",
  approvalPolicy: "never",
});

async function resumedIn(
  level: "trusted" | "untrusted",
  more: Partial<SharedFlags> = {},
  folderTrust = true,
) {
  const runtime = await loadRuntime({
    flags: {
      config: [`projects.${JSON.stringify(root)}.trust_level="${level}"`],
      addDir: [],
      demo: true,
      ...more,
    },
    defaultApprovalPolicy: "on-request",
    defaultSandbox: "workspace-write",
    folderTrust,
    resumed: { saved: saved(), inItsDirectory: true },
    env: { MINI_CODEX_HOME: join(root, "home") },
    warn: () => {},
  });
  await runtime.close();
  return { sandbox: runtime.sandbox, approval: runtime.approvalPolicy, model: runtime.model };
}

describe("a resumed session and its folder's trust", () => {
  it("an untrusted folder: read-only and approval untrusted, not the session's own settings (its model stays)", async () => {
    expect(await resumedIn("untrusted")).toEqual({
      sandbox: "read-only",
      approval: "untrusted",
      model: "gpt-5",
    });
  });

  it("a flag still wins in an untrusted folder; a trusted folder and exec keep the session's own", async () => {
    expect(await resumedIn("untrusted", { sandbox: "workspace-write" })).toMatchObject({
      sandbox: "workspace-write",
      approval: "untrusted",
    });
    expect(await resumedIn("trusted")).toMatchObject({
      sandbox: "workspace-write",
      approval: "never",
    });
    // exec (no folder trust) never restricts
    expect(await resumedIn("untrusted", {}, false)).toMatchObject({
      sandbox: "workspace-write",
      approval: "never",
    });
  });

  it("savedUnderTrust drops only the sandbox and approval policy, only when untrusted", () => {
    const settings = saved();
    expect(savedUnderTrust(settings, "trusted")).toBe(settings);
    expect(savedUnderTrust(settings, undefined)).toBe(settings);
    const { sandbox: _s, approvalPolicy: _a, ...rest } = settings;
    expect(savedUnderTrust(settings, "untrusted")).toEqual(rest);
  });
});
