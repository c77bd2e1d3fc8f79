import { execFileSync } from "node:child_process";
import { existsSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

// Issue 46 item 3 through exec, on the demo server, real git and real bwrap: `exec --worktree`
// patches a new worktree (not the main checkout), `exec resume` goes back to it from the main
// checkout, its commands are confined to it (git works, git's own files stay read-only) and a
// rewind restores its file.
const suite = demoSuite();

const PATCH = "patch:\n*** Begin Patch\n*** Update File: a.txt\n@@\n-one\n+two\n*** End Patch";

describe("exec --worktree", () => {
  it("patches a new worktree; resume goes back to it; commands stay inside; rewind restores", async () => {
    const { repo, root } = suite.world;
    const git = (...args: string[]) =>
      execFileSync("git", ["-C", repo, ...args], { encoding: "utf8" });
    git("config", "user.email", "t@example.invalid");
    git("config", "user.name", "t");
    writeFileSync(join(repo, "a.txt"), "one\n");
    git("add", "a.txt");
    git("commit", "-qm", "one");
    const exec = (args: string[]) =>
      runCli(
        ["exec", "-c", `openai_base_url=${suite.server.baseUrl}`, "-s", "workspace-write", ...args],
        { env: suite.world.env(), cwd: repo },
      );

    const first = await exec(["--json", "--worktree=fix", PATCH]);
    expect(first.stderr).not.toContain("error");
    expect(first.code).toBe(0);
    const id = (jsonLines(first.stdout)[0] as { thread_id?: string }).thread_id as string;
    const worktree = join(root, "repo.fix");
    expect(readFileSync(join(worktree, "a.txt"), "utf8")).toBe("two\n");
    expect(readFileSync(join(repo, "a.txt"), "utf8")).toBe("one\n");
    expect(git("worktree", "list")).toContain(`${worktree}  `);
    expect(git("branch", "--list", "codex/fix")).toContain("codex/fix");

    // from the main checkout, without -C: the session's worktree, confined to it
    const again = await exec([
      "resume",
      id,
      "run: pwd; git status --short; echo x > ../repo/escape.txt; echo x > ../repo/.git/escape; echo x > .git; echo x > .codex/hooks.json",
    ]);
    expect(again.code).toBe(0);
    expect(again.stderr).toContain(`workdir: ${worktree} (the session's directory`);
    expect(again.stderr).toContain(`worktree: branch codex/fix of ${repo}`);
    expect(again.stderr).toContain(`  ${worktree}\n   M a.txt\n`);
    expect(again.stderr.match(/Read-only file system/g)).toHaveLength(3);
    expect(existsSync(join(repo, "escape.txt"))).toBe(false);
    expect(existsSync(join(repo, ".git", "escape"))).toBe(false);
    expect(statSync(join(worktree, ".git")).isFile()).toBe(true);
    expect(existsSync(join(worktree, ".codex", "hooks.json"))).toBe(false);

    const rewind = await exec(["rewind", id, "1", "--mode", "code"]);
    expect(rewind.code).toBe(0);
    expect(rewind.stdout).toContain("restored a.txt");
    expect(readFileSync(join(worktree, "a.txt"), "utf8")).toBe("one\n");
    expect(git("-C", worktree, "status", "--porcelain")).toBe("");
  }, 120_000);

  it("a prompt or command name read as --worktree's NAME is a usage error saying how to write it", async () => {
    const env = suite.world.env();
    const prompt = await runCli(["exec", "--worktree", "write x.txt: hi"], { env });
    expect(prompt.code).toBe(2);
    expect(prompt.stderr).toContain(
      "put a prompt or SESSION_ID before the flag, or write --worktree=NAME",
    );
    // a prompt that is a valid NAME: taken as it, and the missing prompt says so
    const named = await runCli(["exec", "--worktree", "hello"], { env });
    expect(named.code).toBe(2);
    expect(named.stderr).toContain('No prompt provided: --worktree took "hello" as its NAME');
    expect(named.stderr).toContain('mini-codex exec "hello" --worktree');
    const command = await runCli(["--worktree", "resume", "some-id"], { env });
    expect(command.code).toBe(2);
    expect(command.stderr).toContain(
      `--worktree took "resume" as its NAME: put the flag after the command`,
    );
    expect(
      execFileSync("git", ["-C", suite.world.repo, "worktree", "list"], { encoding: "utf8" }),
    ).not.toContain("[codex/");
  }, 60_000);
});
