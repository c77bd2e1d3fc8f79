import { mkdirSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { SessionUpdate } from "@agentclientprotocol/sdk";
import { afterEach, describe, expect, it } from "vitest";
import { fileDiff } from "../../src/acp/file-diffs.js";
import { decisionOf, permissionOptions, permissionToolCall } from "../../src/acp/permissions.js";
import { promptInput } from "../../src/acp/prompt-input.js";
import { TurnUpdates } from "../../src/acp/turn-updates.js";
import { createApprovalGate } from "../../src/tools/approval/gate.js";
import { RuleBook } from "../../src/tools/approval/rule-book.js";
import type { ApprovalRequest } from "../../src/tools/types.js";

// The ACP agent's pure decisions: what an editor's permission answer does (the TUI's answers,
// and "no, never" as a forbidden rule through the real gate and rules file), a patch as diffs,
// a prompt's content blocks as one message, and how a tool call's end is reported.

const command = (text: string, agent?: string): ApprovalRequest => ({
  kind: "command",
  callId: "call_1",
  command: text,
  workdir: "/repo",
  suggestedPrefix: text.split(" ").slice(0, 2),
  ...(agent ? { agent } : {}),
});

describe("permission requests", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));

  it("offers the TUI's answers by kind, each deciding what the TUI's does, and names a subagent", () => {
    const request = command("npm test --watch", "agent-2");
    const options = permissionOptions(request);
    expect(options.map((o) => [o.optionId, o.kind])).toEqual([
      ["y", "allow_once"],
      ["a", "allow_always"],
      ["s", "allow_always"],
      ["n", "reject_once"],
      ["never", "reject_always"],
    ]);
    const pick = (optionId: string) => decisionOf(request, { outcome: "selected", optionId });
    expect(pick("y")).toEqual({ kind: "approve" });
    expect(pick("a")).toEqual({ kind: "approve_prefix", prefix: ["npm", "test"] });
    expect(pick("s")).toEqual({ kind: "approve_prefix", prefix: ["npm", "test"], always: true });
    expect(pick("n")).toEqual({ kind: "deny" });
    expect(pick("never")).toEqual({ kind: "deny", forbidPrefix: ["npm", "test"] });
    // the editor cancelled (session/cancel): no
    expect(decisionOf(request, { outcome: "cancelled" })).toEqual({ kind: "deny" });
    expect(permissionToolCall(request, "/repo").title).toBe(
      "Subagent agent-2: Run `npm test --watch`?",
    );
    // a bare interpreter is never saved as an allow rule: that answer is not offered
    expect(permissionOptions(command("python3 x.py")).map((o) => o.optionId)).toEqual([
      "y",
      "a",
      "n",
      "never",
    ]);
  });

  it('"no, never" saves a forbidden rule: the next command with those words is refused unasked', async () => {
    root = mkdtempSync(join(tmpdir(), "mini-codex-acp-rules-"));
    const user = join(root, "rules");
    mkdirSync(user);
    let asked = 0;
    const request = command("git push --force");
    const gate = createApprovalGate({
      policy: "untrusted",
      sandbox: "workspace-write",
      rules: new RuleBook({ user }),
      ask: async (r) => {
        asked += 1;
        return decisionOf(r, { outcome: "selected", optionId: "never" });
      },
    });
    expect(await gate(request)).toEqual({ kind: "deny", feedback: "denied by user" });
    expect(readFileSync(join(user, "default.rules"), "utf8")).toContain(
      'pattern = ["git", "push"],\n    decision = "forbidden"',
    );
    expect(await gate(command("git push origin main"))).toMatchObject({
      kind: "deny",
      feedback: expect.stringContaining("forbidden by a rule"),
    });
    expect(asked).toBe(1);
  });
});

describe("what the editor is shown", () => {
  it("a patch's file changes as diffs: an added file whole, an update as its hunks", () => {
    const added = fileDiff(
      {
        path: "n.txt",
        kind: "add",
        diff: "--- a/n.txt\n+++ b/n.txt\n@@ -0,0 +1,2 @@\n+one\n+two\n",
      },
      "/repo",
    );
    expect(added).toEqual({ path: "/repo/n.txt", oldText: null, newText: "one\ntwo\n" });
    const update = [
      "--- a/src/a.ts",
      "+++ b/src/a.ts",
      "@@ -1,2 +1,2 @@",
      " keep",
      "-old",
      "+new",
      "@@ -20,1 +20,2 @@",
      " end",
      "+tail",
      "",
    ].join("\n");
    expect(fileDiff({ path: "src/a.ts", kind: "update", diff: update }, "/repo")).toEqual({
      path: "/repo/src/a.ts",
      oldText: "keep\nold\n⋮\nend\n",
      newText: "keep\nnew\n⋮\nend\ntail\n",
    });
  });

  it("a prompt's blocks as one message: images where they stand, files as mentions and context", () => {
    const input = promptInput([
      { type: "text", text: "look at" },
      { type: "image", mimeType: "image/png", data: "iVBORw0KGgo=" },
      { type: "resource_link", uri: "file:///repo/a%20b.ts", name: "a b.ts" },
      { type: "resource", resource: { uri: "file:///repo/c.md", text: "# C" } },
    ]);
    expect(input.text).toBe(
      'look at @/repo/a b.ts @/repo/c.md\n\n<context ref="/repo/c.md">\n# C\n</context>',
    );
    expect(input.images).toEqual([{ url: "data:image/png;base64,iVBORw0KGgo=", at: 7 }]);
  });

  it("a call that never ran (denied) fails; one still open when the turn ends fails too", () => {
    const updates = new TurnUpdates({
      cwd: "/repo",
      note: (text) => ({ sessionUpdate: "agent_message_chunk", content: { type: "text", text } }),
    });
    const call = (id: string) => ({
      type: "item_completed" as const,
      item: {
        type: "function_call",
        name: "shell_command",
        arguments: '{"command":"rm -rf /tmp/x"}',
        call_id: id,
      },
    });
    const out: SessionUpdate[] = [
      ...updates.map(call("c1")),
      ...updates.map({
        type: "tool_call_started",
        callId: "c1",
        name: "shell_command",
        kind: "function",
      }),
      ...updates.map({
        type: "tool_call_finished",
        callId: "c1",
        name: "shell_command",
        output: "denied by user",
      }),
      ...updates.map(call("c2")),
      ...updates.map({ type: "turn_failed", turn: 1, message: "interrupted", aborted: true }),
    ];
    const ends = out
      .filter((u) => u.sessionUpdate === "tool_call_update" && u.status)
      .map((u) => u.sessionUpdate === "tool_call_update" && [u.toolCallId, u.status]);
    expect(ends).toEqual([
      ["c1", "in_progress"],
      ["c1", "failed"],
      ["c2", "failed"],
    ]);
    expect(out[0]).toMatchObject({
      sessionUpdate: "tool_call",
      kind: "execute",
      title: "rm -rf /tmp/x",
    });
  });
});
