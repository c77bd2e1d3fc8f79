import { execFileSync } from "node:child_process";
import { chmodSync, existsSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { withoutConfiguredDiffPrograms } from "../../src/sandbox/command-words.js";
import { type Harness, startHarness } from "../session/harness.js";

let h: Harness;
let scripts: string;
beforeEach(() => {
  scripts = mkdtempSync(join(tmpdir(), "mini-codex-git-drivers-"));
});
afterEach(async () => {
  await h?.close();
  rmSync(scripts, { recursive: true, force: true });
});

/** A program git may run from its config; it leaves `marker` behind when it runs. */
function driver(name: string, marker: string, body: string, dir = scripts): string {
  const path = join(dir, name);
  writeFileSync(path, `#!/bin/sh\necho ran >> '${marker}'\n${body}\n`);
  chmodSync(path, 0o755);
  return path;
}

const git = (cwd: string, ...args: string[]) =>
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd });

/** What the shell tool returned to the model for the last call. */
function lastOutput(h: Harness): string {
  const output = h.session.history().findLast((item) => item.type === "function_call_output");
  return JSON.stringify(output?.output ?? "");
}

/**
 * A repository in `cwd` whose a.txt (committed "one", now "two") has a textconv driver from
 * .git/config; returns the marker the driver leaves when it runs.
 */
function repoWithTextconv(cwd: string): string {
  const textconv = join(scripts, "textconv-ran");
  git(cwd, "init", "-q");
  writeFileSync(join(cwd, ".gitattributes"), "*.txt diff=mark\n");
  writeFileSync(join(cwd, "a.txt"), "one\n");
  git(cwd, "add", ".");
  git(cwd, "commit", "-qm", "first");
  writeFileSync(join(cwd, "a.txt"), "two\n");
  git(cwd, "config", "diff.mark.textconv", driver("conv.sh", textconv, 'cat "$1"'));
  return textconv;
}

describe("read-only git commands auto-run under untrusted", () => {
  it("run no textconv or diff.external program from the repository's config", async () => {
    // danger-full-access: nothing but the allow-list stands between the model and the program
    h = await startHarness({ approvalPolicy: "untrusted", sandbox: "danger-full-access" });
    const textconv = repoWithTextconv(h.cwd);
    const external = join(scripts, "external-diff-ran");
    git(h.cwd, "commit", "-qam", "second");
    writeFileSync(join(h.cwd, "a.txt"), "three\n");

    for (const command of ["git diff", "git log -p", "git show", "git diff HEAD^ -- a.txt"]) {
      const result = await h.session.send(`run: ${command}`);
      expect(result.ok).toBe(true);
      // it ran (not refused for approval) and shows the diff git itself computed
      expect(lastOutput(h)).toMatch(/\+(two|three)/);
    }
    expect(existsSync(textconv)).toBe(false);

    git(h.cwd, "config", "diff.external", driver("ext.sh", external, "true"));
    await h.session.send("run: git diff");
    expect(lastOutput(h)).toContain("+three");
    expect(existsSync(external)).toBe(false);
  });

  it("an explicit --textconv is not read-only: it asks first and its program never runs unasked", async () => {
    h = await startHarness({ approvalPolicy: "untrusted", sandbox: "danger-full-access" });
    const textconv = repoWithTextconv(h.cwd);
    // git honours the last of --no-textconv and --textconv: the inserted flag cannot win
    for (const command of ["git diff --textconv", "git log -p --textconv", "git show --textconv"]) {
      await h.session.send(`run: ${command}`);
      expect(lastOutput(h)).toContain("needs the user's approval");
    }
    expect(existsSync(textconv)).toBe(false);
  });

  it("a command that is not read-only is still refused when nobody can approve it", async () => {
    h = await startHarness({ approvalPolicy: "untrusted", sandbox: "danger-full-access" });
    await h.session.send("run: touch made-by-model");
    expect(lastOutput(h)).toContain("needs the user's approval");
    expect(existsSync(join(h.cwd, "made-by-model"))).toBe(false);
  });
});

describe("unasked read-only commands run in the read-only sandbox whatever the mode", () => {
  /**
   * A committed a.txt, now modified, whose .git/config names a program at `key` (kept in .git,
   * as a tarball's would be); returns the marker in the workspace the program leaves when it runs.
   */
  function repoRunning(cwd: string, key: string, body: string): string {
    git(cwd, "init", "-q");
    writeFileSync(join(cwd, "a.txt"), "one\n");
    git(cwd, "add", ".");
    git(cwd, "commit", "-qm", "first");
    writeFileSync(join(cwd, "a.txt"), "two, longer\n");
    const marker = join(cwd, "program-ran");
    git(cwd, "config", key, driver("program.sh", marker, body, join(cwd, ".git")));
    return marker;
  }

  it("git status runs .git/config's core.fsmonitor neither unconfined nor at all; the status shows", async () => {
    h = await startHarness({ approvalPolicy: "untrusted", sandbox: "danger-full-access" });
    const marker = repoRunning(h.cwd, "core.fsmonitor", "exit 1");
    // the repository's config is live: git run directly starts the program
    git(h.cwd, "status");
    expect(existsSync(marker)).toBe(true);
    rmSync(marker);

    await h.session.send("run: git status");
    expect(lastOutput(h)).toContain("modified:   a.txt");
    expect(existsSync(marker)).toBe(false);
  });

  it("a clean filter named by .gitattributes runs confined: its write into the workspace is refused", async () => {
    h = await startHarness({ approvalPolicy: "untrusted", sandbox: "danger-full-access" });
    const marker = repoRunning(h.cwd, "filter.mark.clean", "cat");
    writeFileSync(join(h.cwd, ".gitattributes"), "*.txt filter=mark\n");
    await h.session.send("run: git diff --stat");
    expect(lastOutput(h)).toContain("a.txt");
    // no env override names this program: only the sandbox stops its write
    expect(lastOutput(h)).toMatch(/program-ran: Read-only file system/);
    expect(existsSync(marker)).toBe(false);
  });

  it("a command the person approves runs in the session's sandbox (danger-full-access)", async () => {
    const asked: string[] = [];
    h = await startHarness({
      approvalPolicy: "untrusted",
      sandbox: "danger-full-access",
      approve: async (request) => {
        if (request.kind === "command") asked.push(request.command);
        return { kind: "approve" };
      },
    });
    await h.session.send("run: touch made-by-model");
    expect(asked).toEqual(["touch made-by-model"]);
    expect(existsSync(join(h.cwd, "made-by-model"))).toBe(true);
  });
});

describe("withoutConfiguredDiffPrograms", () => {
  it("hardens every read-only git diff/log/show of a line and leaves the rest as written", () => {
    const flags = "--no-ext-diff --no-textconv";
    expect(withoutConfiguredDiffPrograms(" git status && git 'diff' HEAD | wc -l\n")).toBe(
      ` git status && git 'diff' ${flags} HEAD | wc -l\n`,
    );
    expect(withoutConfiguredDiffPrograms("git log -p;git show HEAD^")).toBe(
      `git log ${flags} -p;git show ${flags} HEAD^`,
    );
    // not read-only (asks first) or not plain words: nothing to harden here
    expect(withoutConfiguredDiffPrograms("git diff --output=x")).toBe("git diff --output=x");
    expect(withoutConfiguredDiffPrograms("git diff $(x)")).toBe("git diff $(x)");
  });
});
