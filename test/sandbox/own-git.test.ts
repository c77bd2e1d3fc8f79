import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { createToolRouter } from "../../src/tools/index.js";
import { diffCommand } from "../../src/ui/commands/info/diff.js";
import type { CommandContext } from "../../src/ui/commands/types.js";
import { listWorkspaceFiles } from "../../src/ui/input/file-index.js";
import type { TranscriptEntryBody } from "../../src/ui/model/transcript-entries.js";
import { execute, makeContext, textOutput } from "../tools/helpers.js";

/**
 * Issue 24, hole 1: the git mini-codex runs itself (/diff, the `@` index) in a folder a confined
 * command prepared. Real bwrap, real git; the workspace under /var/tmp (outside the private /tmp).
 */
let root: string;
let repo: string;
let cwd: string;
let marker: string;

const git = (dir: string, ...args: string[]) =>
  execFileSync("git", ["-c", "core.fsmonitor=false", ...args], { cwd: dir, stdio: "pipe" });

async function confined(command: string) {
  const tools = createToolRouter({ shellEnv: { HOME: root }, sandbox: { home: root } });
  const call = { type: "function_call" as const, name: "shell_command", call_id: "c" };
  const ctx = makeContext(cwd, { sandbox: "workspace-write" });
  return textOutput(await execute(tools, { ...call, arguments: JSON.stringify({ command }) }, ctx));
}

async function runDiff(): Promise<TranscriptEntryBody[]> {
  const printed: TranscriptEntryBody[] = [];
  // a command reads the launch's folders from the controller (src/ui/commands/types.ts)
  const ctx = {
    controller: { launch: { cwd, home: join(root, "mch") } },
    args: "",
    print: (...e: TranscriptEntryBody[]) => printed.push(...e),
  };
  await diffCommand.run(ctx as unknown as CommandContext);
  return printed;
}

beforeEach(() => {
  root = mkdtempSync("/var/tmp/mini-codex-own-git-");
  repo = join(root, "repo");
  cwd = join(repo, "sub");
  marker = join(root, "outside", "PWNED");
  mkdirSync(cwd, { recursive: true });
  mkdirSync(join(root, "outside"));
  git(repo, "init", "-q");
  return () => rmSync(root, { recursive: true, force: true });
});

afterEach(() => expect(existsSync(marker)).toBe(false));

/** What a confined command does in the session's cwd (no `.git` of its own): a repository of its own. */
const prepare = (config: string) =>
  confined(
    [
      "git init -q",
      "git config user.email a@b && git config user.name a",
      "echo one > f.txt && git -c core.fsmonitor=false add f.txt",
      "git -c core.fsmonitor=false commit -qm one && echo two > f.txt",
      config,
      "echo PREPARED",
    ].join(" && "),
  );

describe("the git mini-codex runs itself (real bwrap, real git)", () => {
  it("/diff and the @ index never run a core.fsmonitor a confined command set up", async () => {
    const hook = join(cwd, "monitor.sh");
    const out = await prepare(
      `printf '#!/bin/sh\\ntouch ${marker}\\n' > monitor.sh && chmod +x monitor.sh && git config core.fsmonitor ${hook}`,
    );
    expect(out).toContain("PREPARED");
    const printed = await runDiff();
    // the diff still shows: git ran, only the hook did not
    expect(JSON.stringify(printed)).toContain("+two");
    expect(await listWorkspaceFiles(cwd)).toEqual(expect.arrayContaining(["f.txt", "monitor.sh"]));
  });

  it("a filter driver (not a config switch git has) runs confined: its write outside fails", async () => {
    const out = await prepare(
      `echo 'f.txt filter=evil' > .gitattributes && git config filter.evil.clean "sh -c 'touch ${marker}; cat'"`,
    );
    expect(out).toContain("PREPARED");
    expect(JSON.stringify(await runDiff())).toContain("+two");
  });

  it("hooks, textconv, external diff and a pager named by config stay off too", async () => {
    const run = `sh -c 'touch ${marker}'`;
    const out = await prepare(
      [
        `echo 'f.txt diff=evil' > .gitattributes`,
        `git config diff.evil.textconv "${run}"`,
        `git config diff.external "${run}"`,
        `git config core.pager "${run}" && git config pager.diff true`,
      ].join(" && "),
    );
    expect(out).toContain("PREPARED");
    expect(JSON.stringify(await runDiff())).toContain("+two");
  });

  it("a .git a command creates in the session's cwd is read-only to the next command", async () => {
    expect(await confined("git init -q && echo INIT")).toContain("INIT");
    const write = await confined("echo '[core] fsmonitor = x' >> .git/config");
    expect(write).toContain("Read-only file system");
  });
});
