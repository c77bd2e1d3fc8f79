import { mkdir, readFile, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApprovalGate } from "../../src/tools/approval/gate.js";
import {
  approvalNeed,
  grantFor,
  NO_GRANTS,
  sessionDecision,
} from "../../src/tools/approval/policy.js";
import type { ApprovalRequest } from "../../src/tools/types.js";
import { applyPatch, makeContext, type TempWorkspace, tempWorkspace } from "./helpers.js";

let ws: TempWorkspace;
beforeEach(async () => {
  ws = await tempWorkspace();
});
afterEach(() => ws.cleanup());

const update = (path: string, from: string, to: string) =>
  ["*** Begin Patch", `*** Update File: ${path}`, "@@", `-${from}`, `+${to}`, "*** End Patch"].join(
    "\n",
  );

describe("patch grants for the session", () => {
  it.each([
    ["the workspace", false],
    ["a symlink to the workspace", true],
  ])(
    "cover the same file however a later patch spells it (./, absolute, a symlinked folder), cwd %s",
    async (_, linkedCwd) => {
      await mkdir(join(ws.ws, "src"));
      await writeFile(join(ws.ws, "src", "a.ts"), "v0\n");
      await symlink(join(ws.ws, "src"), join(ws.ws, "lib"));
      const cwd = linkedCwd ? join(ws.root, "ws-link") : ws.ws;
      if (linkedCwd) await symlink(ws.ws, cwd);
      const asked: ApprovalRequest[] = [];
      const gate = createApprovalGate({
        policy: "untrusted",
        sandbox: "workspace-write",
        cwd,
        ask: async (request) => {
          asked.push(request);
          return sessionDecision(request) ?? { kind: "deny" };
        },
      });
      const ctx = makeContext(cwd, { approve: gate });
      const spellings = ["src/a.ts", "./src/a.ts", join(cwd, "src", "a.ts"), "lib/a.ts"];
      for (const [n, path] of spellings.entries()) {
        const out = await applyPatch(update(path, `v${n}`, `v${n + 1}`), ctx);
        expect(out).toContain("Success.");
      }
      expect(await readFile(join(ws.ws, "src", "a.ts"), "utf8")).toBe("v4\n");
      expect(asked).toHaveLength(1);
      // another file still asks
      await writeFile(join(ws.ws, "src", "b.ts"), "b0\n");
      expect(await applyPatch(update("src/b.ts", "b0", "b1"), ctx)).toContain("Success.");
      expect(asked).toHaveLength(2);
    },
  );

  it("a patch with no changes is not covered by any grant", () => {
    const grants = grantFor(NO_GRANTS, { kind: "approve_files", paths: ["a.ts"] });
    const empty: ApprovalRequest = { kind: "patch", callId: "p", changes: [] };
    expect(approvalNeed("untrusted", "workspace-write", empty, grants)).toBe("ask");
    expect(approvalNeed("untrusted", "read-only", empty, grants)).toBe("ask");
  });
});
