import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { SessionFile } from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { repairHistory } from "../../src/session/wire/history-repair.js";
import {
  checkPatchIntent,
  interruptedPatchOutput,
  patchIntentOf,
} from "../../src/tools/apply-patch/intent.js";
import { runApplyPatch } from "../../src/tools/apply-patch/tool.js";

let dir: string;
beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), "patch-intent-"));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const PATCH = [
  "*** Begin Patch",
  "*** Add File: a.txt",
  "+new a",
  "*** Update File: b.txt",
  "@@",
  "-old b",
  "+new b",
  "*** Delete File: c.txt",
  "*** End Patch",
].join("\n");

/** Apply PATCH for real, recording its intent in a real session file; returns the file. */
async function appliedWithIntent(): Promise<SessionFile> {
  writeFileSync(join(dir, "b.txt"), "old b\n");
  writeFileSync(join(dir, "c.txt"), "old c\n");
  const file = SessionFile.create(join(dir, "home"), {
    id: "s1",
    created: "2026-12-02T00:00:00.000Z",
    cwd: dir,
    model: "demo",
    provider: "demo",
  });
  file.append([userMessage("edit"), call]);
  const out = await runApplyPatch(PATCH, {
    callId: "call_p",
    cwd: dir,
    workspaceRoots: [dir],
    sandbox: "workspace-write",
    signal: new AbortController().signal,
    emit() {},
    recordPatchIntent: (intent) => file.recordPatchIntent("call_p", intent),
  });
  expect(out).toContain("Success.");
  return file;
}

const call = {
  type: "custom_tool_call",
  call_id: "call_p",
  name: "apply_patch",
  input: PATCH,
} as ResponseItem;

describe("apply_patch's intent record", () => {
  it("is one readable session-file line listing each file in write order, never the contents", async () => {
    const file = await appliedWithIntent();
    file.close();
    const lines = readFileSync(file.path, "utf8").trim().split("\n");
    const intentLine = lines.find((line) => line.startsWith('{"type":"patch_intent"')) ?? "";
    expect(intentLine).toContain('"call_id":"call_p"');
    expect(intentLine).not.toContain("new a");
    expect(intentLine).not.toContain("old b");
    const saved = readSessionFile(file.path);
    expect(saved.unreadableLines).toEqual([]);
    const intent = saved.patchIntents.get("call_p");
    expect(intent?.files.map((f) => f.path)).toEqual(
      ["a.txt", "b.txt", "c.txt"].map((name) => join(dir, name)),
    );
  });

  it("a resume tells the model which files hold the patch, which do not, which neither", async () => {
    const file = await appliedWithIntent();
    file.close();
    // as if killed after a.txt was written, during b.txt, before c.txt was deleted
    writeFileSync(join(dir, "b.txt"), "");
    writeFileSync(join(dir, "c.txt"), "old c\n");
    const saved = readSessionFile(file.path);
    const repaired = repairHistory(saved.history, (callId) => {
      const intent = saved.patchIntents.get(callId);
      return intent && interruptedPatchOutput(checkPatchIntent(intent), dir);
    });
    const output = (repaired.added[0] as unknown as { output: string }).output;
    expect(output).toContain("1 of 3 files applied, 1 not applied, 1 neither");
    expect(output).toContain("Applied (hold the patch's result):\nadd a.txt\n");
    expect(output).toContain("Not applied (unchanged, as before the patch):\ndelete c.txt\n");
    expect(output).toContain(
      "Neither (hold neither the patch's result nor the original):\nupdate b.txt",
    );
  });

  it("judges a file by its bytes: bytes that only decode to the patch's text are not it", () => {
    const path = join(dir, "r.txt");
    // the patch writes a replacement character (U+FFFD) itself
    const intent = patchIntentOf([{ absPath: path, content: "x \ufffd\n", original: undefined }]);
    // a file holding an invalid byte there reads as the same text when decoded, yet is not it
    writeFileSync(path, Buffer.from([0x78, 0x20, 0xff, 0x0a]));
    expect(checkPatchIntent(intent)[0]?.state).toBe("other");
    writeFileSync(path, "x \ufffd\n");
    expect(checkPatchIntent(intent)[0]?.state).toBe("applied");
  });

  it("a call without an intent still gets `aborted`", () => {
    const repaired = repairHistory([userMessage("x"), call], () => undefined);
    expect((repaired.added[0] as unknown as { output: string }).output).toBe("aborted");
  });
});

/** Run a patch for real in `dir` (workspace-write, no approval). */
const applyInDir = (patch: string) =>
  runApplyPatch(patch, {
    callId: "call_l",
    cwd: dir,
    workspaceRoots: [dir],
    sandbox: "workspace-write",
    signal: new AbortController().signal,
    emit() {},
  });

describe("apply_patch and files that are not UTF-8 text", () => {
  const latin1 = Buffer.from([0x6f, 0x6c, 0x64, 0x20, 0xe9, 0x0a]); // "old é" in Latin-1

  it("an update of one is refused, and its bytes stay as they were", async () => {
    writeFileSync(join(dir, "latin1.txt"), latin1);
    const patch = [
      "*** Begin Patch",
      "*** Add File: fresh.txt",
      "+fresh",
      "*** Update File: latin1.txt",
      "@@",
      "-old \ufffd",
      "+new",
      "*** End Patch",
    ].join("\n");
    expect(await applyInDir(patch)).toContain("latin1.txt is not UTF-8 text");
    expect(readFileSync(join(dir, "latin1.txt"))).toEqual(latin1);
    expect(() => readFileSync(join(dir, "fresh.txt"))).toThrow(/ENOENT/);
  });

  it("one can be deleted, and a failed patch puts its bytes back exactly", async () => {
    writeFileSync(join(dir, "image.bin"), latin1);
    writeFileSync(join(dir, "plain"), "a file, not a folder\n");
    // the delete is written first; the add under `plain/` then fails and the patch rolls back
    const failing = [
      "*** Begin Patch",
      "*** Delete File: image.bin",
      "*** Add File: plain/inside.txt",
      "+x",
      "*** End Patch",
    ].join("\n");
    expect(await applyInDir(failing)).toContain(
      "writing the patch failed (path plain/inside.txt: plain is not a folder); files were restored",
    );
    expect(readFileSync(join(dir, "image.bin"))).toEqual(latin1);
    const deleting = ["*** Begin Patch", "*** Delete File: image.bin", "*** End Patch"].join("\n");
    expect(await applyInDir(deleting)).toContain("Success.");
    expect(() => readFileSync(join(dir, "image.bin"))).toThrow(/ENOENT/);
  });
});
