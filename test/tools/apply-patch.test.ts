import { existsSync, readFileSync } from "node:fs";
import { mkdir, symlink, writeFile } from "node:fs/promises";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { resolveSettings } from "../../src/settings/index.js";
import { createToolRouter } from "../../src/tools/index.js";
import type { FileChange } from "../../src/tools/types.js";
import {
  execute,
  makeContext,
  readTree,
  type TempWorkspace,
  tempWorkspace,
  textOutput,
} from "./helpers.js";

const UPDATE = "*** Begin Patch\n*** Update File: a.txt\n@@\n-old\n+new\n*** End Patch\n";
const customCall = (input: string) => ({
  type: "custom_tool_call" as const,
  name: "apply_patch",
  call_id: "call_p",
  input,
});

describe("apply_patch tool", () => {
  let ws: TempWorkspace;
  beforeEach(async () => {
    ws = await tempWorkspace();
    await writeFile(join(ws.ws, "a.txt"), "old\n");
  });
  afterEach(async () => {
    await ws.cleanup();
  });

  it("applies through the router and emits patch_applied with unified diffs", async () => {
    const ctx = makeContext(ws.ws, { callId: "call_p" });
    const out = await execute(createToolRouter(), customCall(UPDATE), ctx);
    expect(out).toBe("Success. Updated the following files:\nM a.txt");
    expect(readFileSync(join(ws.ws, "a.txt"), "utf8")).toBe("new\n");
    const event = ctx.events.find((e) => e.type === "patch_applied");
    expect(event).toMatchObject({ ok: true, changes: [{ path: "a.txt", kind: "update" }] });
    const diff = event?.type === "patch_applied" ? event.changes[0]?.diff : undefined;
    expect(diff).toContain("--- a/a.txt");
    expect(diff).toContain("-old\n+new");
  });

  it("works as a function tool with {input}", async () => {
    const router = createToolRouter({
      config: resolveSettings({ apply_patch_tool_type: "function" }),
    });
    const out = await execute(
      router,
      {
        type: "function_call",
        name: "apply_patch",
        call_id: "c",
        arguments: JSON.stringify({ input: UPDATE }),
      },
      makeContext(ws.ws),
    );
    expect(textOutput(out).startsWith("Success.")).toBe(true);
  });

  it("asks for approval after verification, before writing; deny writes nothing", async () => {
    let seen: FileChange[] = [];
    const ctx = makeContext(ws.ws, {
      approve: async (request) => {
        if (request.kind === "patch") seen = request.changes;
        return { kind: "deny", feedback: "use b.txt instead" };
      },
    });
    const out = await execute(createToolRouter(), customCall(UPDATE), ctx);
    expect(out).toBe("use b.txt instead");
    expect(seen.map((c) => [c.path, c.kind])).toEqual([["a.txt", "update"]]);
    expect(readFileSync(join(ws.ws, "a.txt"), "utf8")).toBe("old\n");
  });

  it("is refused in a read-only sandbox", async () => {
    const ctx = makeContext(ws.ws, { sandbox: "read-only" });
    const out = await execute(createToolRouter(), customCall(UPDATE), ctx);
    expect(out).toContain("read-only");
    expect(readFileSync(join(ws.ws, "a.txt"), "utf8")).toBe("old\n");
  });

  it("refuses to write through a symlink that leaves the workspace", async () => {
    const outside = join(ws.root, "outside");
    await mkdir(outside);
    await writeFile(join(outside, "secret.txt"), "old\n");
    await symlink(outside, join(ws.ws, "link"));
    const before = await readTree(outside);
    for (const patch of [
      "*** Begin Patch\n*** Add File: link/new.txt\n+x\n*** End Patch\n",
      "*** Begin Patch\n*** Update File: link/secret.txt\n@@\n-old\n+new\n*** End Patch\n",
    ]) {
      const out = await execute(createToolRouter(), customCall(patch), makeContext(ws.ws));
      expect(out).toContain("symlink that leaves the workspace");
    }
    expect(await readTree(outside)).toEqual(before);
  });

  it("keeps patches inside the workspace even with danger-full-access", async () => {
    const ctx = makeContext(ws.ws, { sandbox: "danger-full-access" });
    const out = await execute(
      createToolRouter(),
      customCall("*** Begin Patch\n*** Add File: ../escaped.txt\n+x\n*** End Patch\n"),
      ctx,
    );
    expect(out).toContain("escapes the workspace");
    expect(existsSync(join(ws.root, "escaped.txt"))).toBe(false);
  });

  it("writes through a symlink that stays inside the workspace", async () => {
    await mkdir(join(ws.ws, "real"));
    await symlink(join(ws.ws, "real"), join(ws.ws, "alias"));
    const out = await execute(
      createToolRouter(),
      customCall("*** Begin Patch\n*** Add File: alias/n.txt\n+hi\n*** End Patch\n"),
      makeContext(ws.ws),
    );
    expect(out).toBe("Success. Updated the following files:\nA alias/n.txt");
    expect(readFileSync(join(ws.ws, "real", "n.txt"), "utf8")).toBe("hi\n");
  });

  it("allows a second writable root (--add-dir) and shows its path absolute", async () => {
    const extra = join(ws.root, "extra");
    await mkdir(extra);
    const ctx = makeContext(ws.ws, { workspaceRoots: [ws.ws, extra] });
    const target = join(extra, "e.txt");
    const out = await execute(
      createToolRouter(),
      customCall(`*** Begin Patch\n*** Add File: ${target}\n+e\n*** End Patch\n`),
      ctx,
    );
    expect(out).toBe(`Success. Updated the following files:\nA ${target}`);
    expect(existsSync(target)).toBe(true);
  });

  it("runs the complete input of the done item, whatever the previews saw", async () => {
    const router = createToolRouter();
    const emitted: unknown[] = [];
    const consumer = router.createDiffConsumer(customCall(""), (e) => emitted.push(e));
    consumer?.push("*** Begin Patch\n*** Delete File: a.txt\n"); // a lost/garbled stream
    consumer?.finish();
    const out = await execute(router, customCall(UPDATE), makeContext(ws.ws));
    expect(out).toBe("Success. Updated the following files:\nM a.txt");
    expect(existsSync(join(ws.ws, "a.txt"))).toBe(true);
  });
});
