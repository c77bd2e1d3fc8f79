import { execFileSync } from "node:child_process";
import {
  closeSync,
  constants,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  renameSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openChildFile } from "../../src/tools/held-dir.js";
import { createToolRouter } from "../../src/tools/index.js";
import { WorkspaceWalker } from "../../src/tools/workspace-walk.js";
import { makeContext, type TempWorkspace, tempWorkspace, textRouter } from "./helpers.js";

// Issue 43, hole 2: apply_patch walks each path one component at a time without following
// symlinks (src/tools/workspace-walk.ts). The race itself runs end to end in
// test/e2e/exec-patch-race.test.ts; here, what the walk decides and what the kernel anchors.
const patch = (body: string) => ({
  type: "custom_tool_call" as const,
  name: "apply_patch",
  call_id: "p",
  input: `*** Begin Patch\n${body}\n*** End Patch\n`,
});

describe("apply_patch's no-follow walk", () => {
  let ws: TempWorkspace;
  let outside: string;
  const apply = (body: string) =>
    textRouter(createToolRouter()).execute(patch(body), makeContext(ws.ws));
  beforeEach(async () => {
    ws = await tempWorkspace();
    outside = join(ws.root, "outside");
    mkdirSync(outside);
    mkdirSync(join(ws.ws, "real", "deep"), { recursive: true });
  });
  afterEach(() => ws.cleanup());

  it("links that stay inside work as before: relative, absolute, chained, and a linked file", async () => {
    symlinkSync("real", join(ws.ws, "rel"));
    symlinkSync(join(ws.ws, "real", "deep"), join(ws.ws, "abs"));
    symlinkSync("rel/deep", join(ws.ws, "chain"));
    writeFileSync(join(ws.ws, "real", "target.txt"), "old\n");
    symlinkSync("real/target.txt", join(ws.ws, "file-link"));
    const out = await apply(
      [
        "*** Add File: rel/a.txt\n+a",
        "*** Add File: abs/b.txt\n+b",
        "*** Add File: chain/new/c.txt\n+c",
        "*** Update File: file-link\n@@\n-old\n+new",
      ].join("\n"),
    );
    expect(out).toContain("Success.");
    expect(readFileSync(join(ws.ws, "real", "a.txt"), "utf8")).toBe("a\n");
    expect(readFileSync(join(ws.ws, "real", "deep", "b.txt"), "utf8")).toBe("b\n");
    expect(readFileSync(join(ws.ws, "real", "deep", "new", "c.txt"), "utf8")).toBe("c\n");
    expect(readFileSync(join(ws.ws, "real", "target.txt"), "utf8")).toBe("new\n");
  });

  it("a link leaving the workspace anywhere on the path is refused with its name; nothing is written", async () => {
    symlinkSync(outside, join(ws.ws, "real", "out"));
    symlinkSync("../../..", join(ws.ws, "real", "deep", "up"));
    symlinkSync("real/out", join(ws.ws, "via"));
    for (const [path, link] of [
      ["real/out/x.txt", `real/out -> ${outside}`],
      ["real/deep/up/outside/x.txt", "real/deep/up -> ../../.."],
      ["via/x.txt", `real/out -> ${outside}`],
    ]) {
      const out = await apply(`*** Add File: ${path}\n+x`);
      expect(out).toContain(
        `path ${path} goes through a symlink that leaves the workspace: ${link}`,
      );
    }
    expect(readdirSync(outside)).toEqual([]);
  });

  it("a dangling link is refused, a file where a folder should be fails cleanly, a FIFO is not opened", async () => {
    symlinkSync("nowhere", join(ws.ws, "dangling"));
    expect(await apply("*** Add File: dangling/x.txt\n+x")).toContain("dangling symlink");
    expect(existsSync(join(ws.ws, "nowhere"))).toBe(false);
    writeFileSync(join(ws.ws, "plain"), "a file\n");
    expect(await apply("*** Add File: plain/x.txt\n+x")).toContain("plain is not a folder");
    execFileSync("mkfifo", [join(ws.ws, "pipe")]);
    expect(await apply("*** Update File: pipe\n@@\n-a\n+b")).toContain(
      "pipe is not a regular file",
    );
  });

  it("the refusals are checked on the walked path: .codex and .git reached through a link are refused", async () => {
    mkdirSync(join(ws.ws, ".codex", "hooks"), { recursive: true });
    mkdirSync(join(ws.ws, ".git"));
    symlinkSync(".codex/hooks", join(ws.ws, "tools"));
    symlinkSync(".git", join(ws.ws, "meta"));
    const protectedPaths = [{ path: join(ws.ws, ".codex"), kind: "agent-folder" as const }];
    const router = textRouter(createToolRouter({ sandbox: { protectedPaths } }));
    const ctx = makeContext(ws.ws);
    const hook = await router.execute(patch("*** Add File: tools/post.sh\n+echo escaped"), ctx);
    expect(hook).toContain("path tools/post.sh is inside .codex, whose hooks, rules, skills");
    const git = await router.execute(patch("*** Add File: meta/hooks/pre-commit\n+x"), ctx);
    expect(git).toContain("path meta/hooks/pre-commit is inside .git");
    expect(readdirSync(join(ws.ws, ".codex", "hooks"))).toEqual([]);
    expect(existsSync(join(ws.ws, ".git", "hooks"))).toBe(false);
  });

  it.runIf(process.platform === "linux")(
    "the kernel resolves the last name in the folder the walk holds: a swap after the walk cannot redirect it",
    () => {
      mkdirSync(join(ws.ws, "d"));
      const walker = new WorkspaceWalker(makeContext(ws.ws), () => undefined);
      walker.at("d/x.txt", true, (end) => {
        if (!end) throw new Error("the walk ends at a name");
        // what a racing command does between the check and the write
        renameSync(join(ws.ws, "d"), join(ws.ws, "d.old"));
        symlinkSync(outside, join(ws.ws, "d"));
        const flags = constants.O_WRONLY | constants.O_CREAT | constants.O_EXCL;
        closeSync(openChildFile(end.dir, end.name, flags));
      });
      expect(readdirSync(outside)).toEqual([]);
      expect(readdirSync(join(ws.ws, "d.old"))).toEqual(["x.txt"]);
    },
  );
});
