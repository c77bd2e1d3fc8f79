import {
  existsSync,
  linkSync,
  mkdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createApprovalGate } from "../../src/tools/approval/gate.js";
import { createToolRouter } from "../../src/tools/index.js";
import { execute, makeContext, type TempWorkspace, tempWorkspace } from "./helpers.js";

const patchCall = (input: string) => ({
  type: "custom_tool_call" as const,
  name: "apply_patch",
  call_id: "p",
  input,
});
const addFile = (path: string) => `*** Begin Patch\n*** Add File: ${path}\n+x\n*** End Patch\n`;
const update = (path: string) =>
  `*** Begin Patch\n*** Update File: ${path}\n@@\n-old\n+new\n*** End Patch\n`;

describe("path guards of apply_patch", () => {
  let ws: TempWorkspace;
  beforeEach(async () => {
    ws = await tempWorkspace();
    mkdirSync(join(ws.ws, ".git"));
    writeFileSync(join(ws.ws, ".git", "config"), "old\n");
  });
  afterEach(() => ws.cleanup());

  it("refuses to write into a folder the sandbox hides from commands (~/.ssh, $MINI_CODEX_HOME) unless danger-full-access", async () => {
    // the workspace is the home folder itself (mini-codex started in ~)
    const router = createToolRouter({
      sandbox: { home: ws.ws, hiddenHomes: [join(ws.ws, ".mini-codex")] },
    });
    for (const path of [".ssh/authorized_keys", ".mini-codex/cache/code/tui-0.bin"]) {
      const out = await execute(router, patchCall(addFile(path)), makeContext(ws.ws));
      expect(out).toContain("which the sandbox hides");
      expect(existsSync(join(ws.ws, path))).toBe(false);
    }
    const full = makeContext(ws.ws, { sandbox: "danger-full-access" });
    await execute(router, patchCall(addFile(".ssh/authorized_keys")), full);
    expect(readFileSync(join(ws.ws, ".ssh", "authorized_keys"), "utf8")).toBe("x\n");
  });

  it("refuses a patch touching .git/config in the default mode, with a clear message, writing nothing", async () => {
    const out = await execute(
      createToolRouter(),
      patchCall(update(".git/config")),
      makeContext(ws.ws),
    );
    expect(out).toContain("inside .git");
    expect(out).toContain("danger-full-access");
    expect(readFileSync(join(ws.ws, ".git", "config"), "utf8")).toBe("old\n");
    const hook = await execute(
      createToolRouter(),
      patchCall(addFile(".git/hooks/pre-commit")),
      makeContext(ws.ws),
    );
    expect(hook).toContain("inside .git");
    expect(existsSync(join(ws.ws, ".git", "hooks", "pre-commit"))).toBe(false);
  });

  it("refuses a symlink that leads into .git, and a hard link to a file outside", async () => {
    symlinkSync(join(ws.ws, ".git"), join(ws.ws, "innocent"));
    const viaLink = await execute(
      createToolRouter(),
      patchCall(update("innocent/config")),
      makeContext(ws.ws),
    );
    expect(viaLink).toContain("inside .git");
    writeFileSync(join(ws.root, "outside.txt"), "old\n");
    linkSync(join(ws.root, "outside.txt"), join(ws.ws, "linked.txt"));
    const hard = await execute(
      createToolRouter(),
      patchCall(update("linked.txt")),
      makeContext(ws.ws),
    );
    expect(hard).toContain("hard links");
    expect(readFileSync(join(ws.root, "outside.txt"), "utf8")).toBe("old\n");
  });

  it("refuses to write into the git directory a `gitdir:` file names inside the workspace, as the shell sandbox does", async () => {
    // `git init --separate-git-dir store`: .git is a file, the repository a folder of the workspace
    rmSync(join(ws.ws, ".git"), { recursive: true });
    mkdirSync(join(ws.ws, "store", "hooks"), { recursive: true });
    writeFileSync(join(ws.ws, "store", "config"), "old\n");
    writeFileSync(join(ws.ws, ".git"), "gitdir: store\n");
    for (const patch of [update("store/config"), addFile("store/hooks/post-checkout")]) {
      const out = await execute(createToolRouter(), patchCall(patch), makeContext(ws.ws));
      expect(out).toContain("inside git's own files");
      expect(out).toContain("danger-full-access");
    }
    expect(readFileSync(join(ws.ws, "store", "config"), "utf8")).toBe("old\n");
    expect(existsSync(join(ws.ws, "store", "hooks", "post-checkout"))).toBe(false);
    // the folder beside it is still the workspace's own
    const beside = await execute(
      createToolRouter(),
      patchCall(addFile("src/a.txt")),
      makeContext(ws.ws),
    );
    expect(beside).toContain("Success.");
  });

  it("danger-full-access may edit .git/config", async () => {
    const out = await execute(
      createToolRouter(),
      patchCall(update(".git/config")),
      makeContext(ws.ws, { sandbox: "danger-full-access" }),
    );
    expect(out).toContain("Success.");
    expect(readFileSync(join(ws.ws, ".git", "config"), "utf8")).toBe("new\n");
  });

  it("`Move to` keeps the file's mode (an exec bit survives)", async () => {
    writeFileSync(join(ws.ws, "run.sh"), "old\n", { mode: 0o755 });
    const move =
      "*** Begin Patch\n*** Update File: run.sh\n*** Move to: bin/run.sh\n@@\n-old\n+new\n*** End Patch\n";
    const out = await execute(createToolRouter(), patchCall(move), makeContext(ws.ws));
    expect(out).toContain("Success.");
    expect(statSync(join(ws.ws, "bin", "run.sh")).mode & 0o777).toBe(0o755);
  });

  it("exec's gate (never, read-only) refuses a patch and says what to pass", async () => {
    const ctx = makeContext(ws.ws, {
      sandbox: "read-only",
      approve: createApprovalGate({ policy: "never", sandbox: "read-only" }),
    });
    const out = await execute(createToolRouter(), patchCall(addFile("new.txt")), ctx);
    expect(out).toContain("the sandbox is read-only");
    expect(out).toContain("--full-auto");
    expect(existsSync(join(ws.ws, "new.txt"))).toBe(false);
  });
});
