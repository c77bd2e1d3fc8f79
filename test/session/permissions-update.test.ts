import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { messageText, type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { buildInitialContext } from "../../src/session/context/environment.js";
import { permissionsMessage } from "../../src/session/context/permissions-context.js";
import { type Harness, modes, startHarness, wireInput } from "./harness.js";

// Issue 37, item 4, inside one session: the harness's context says workspace-write; the session
// runs read-only (as a resume with -s read-only does), so the model is told, once, as a suffix.
let h: Harness;
let cwd: string;
beforeEach(() => {
  cwd = mkdtempSync(join(tmpdir(), "mini-codex-cwd-"));
});
afterEach(async () => {
  await h?.close();
  rmSync(cwd, { recursive: true, force: true });
});

const readOnly = permissionsMessage({ sandbox: "read-only", approvalPolicy: "never" });
const isReadOnlyNote = (item: ResponseItem | undefined) =>
  item !== undefined &&
  item.type === "message" &&
  item.role === "developer" &&
  (messageText(item) ?? "").includes("sandbox_mode: read-only");

const workspaceWriteContext = (cwd: string) =>
  buildInitialContext({
    cwd,
    shell: "bash",
    sandbox: "workspace-write",
    approvalPolicy: "never",
    now: new Date("2026-01-02T03:04:05Z"),
    timezone: "UTC",
  });

async function readOnlySession() {
  h = await startHarness({ sandbox: "read-only", permissions: readOnly });
}

describe("the permissions update rides the chain (issue 37, item 4)", () => {
  it("goes once, before the first message; the next turn is incremental without it", async () => {
    await readOnlySession();
    await h.session.send("one");
    await h.session.send("two");
    expect(modes(h)).toEqual(["ws_full:no_baseline", "ws_incremental", "ws_incremental"]);
    const [, first, second] = h.requests();
    const sent = wireInput(first);
    expect(isReadOnlyNote(sent.at(-2))).toBe(true);
    expect(messageText(sent.at(-1) as ResponseItem)).toBe("one");
    // the second request's delta: the message alone, chained on the first response
    expect(second?.previousResponseId).toBe(first?.responseId);
    expect(wireInput(second).some(isReadOnlyNote)).toBe(false);
    expect(h.session.history().filter(isReadOnlyNote)).toHaveLength(1);
  });

  it("a compaction and /new keep the first context only: the update is sent again after them", async () => {
    // a resumed conversation (in the directory it ran in): the update lands after what was
    // said, not in the leading context
    const said: ResponseItem[] = [
      ...workspaceWriteContext(cwd),
      userMessage("earlier"),
      { type: "message", role: "assistant", content: [{ type: "output_text", text: "ok" }] },
    ];
    h = await startHarness({
      cwd,
      sandbox: "read-only",
      permissions: readOnly,
      restoredHistory: said,
    });
    await h.session.send("one");
    expect(h.session.history().filter(isReadOnlyNote)).toHaveLength(1);
    await h.session.compact();
    expect(h.session.history().some(isReadOnlyNote)).toBe(false);
    await h.session.send("after compact");
    expect(isReadOnlyNote(wireInput(h.requests().at(-1)).at(-2))).toBe(true);
    h.session.newConversation();
    expect(h.session.history().some(isReadOnlyNote)).toBe(false);
    await h.session.send("after new");
    const input = wireInput(h.requests().at(-1));
    expect(isReadOnlyNote(input.at(-2))).toBe(true);
    expect(input.filter(isReadOnlyNote)).toHaveLength(1);
  });

  it("a session that runs on what its context says sends no update", async () => {
    h = await startHarness({
      permissions: permissionsMessage({ sandbox: "workspace-write", approvalPolicy: "never" }),
    });
    await h.session.send("one");
    const developer = h.session
      .history()
      .filter((i) => i.type === "message" && i.role === "developer");
    expect(developer).toHaveLength(1);
  });
});
