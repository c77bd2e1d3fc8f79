import { execFileSync } from "node:child_process";
import {
  chmodSync,
  existsSync,
  mkdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { loadHooks } from "../../src/launch/context/hook-sources.js";
import { demoSuite, runCli } from "./helpers.js";

// Issue 43, holes 1, 3, 4 and 5: what a trusted hook runs unconfined is read-only to the model's
// commands and patches, and trust means one hook, in one place, as it is right before it runs.
// exec on the demo server, real bwrap and git. Trust is given as the TUI's "yes" records it
// (tui-hook-trust.test.ts asks the real question).
describe("exec: hooks the model cannot reach, trusted where and as they are", () => {
  const suite = demoSuite();
  const exec = (prompt: string, sandbox = "workspace-write", repo = suite.world.repo) =>
    runCli(
      ["exec", "-c", `openai_base_url=${suite.server.baseUrl}`, "-C", repo, "-s", sandbox, prompt],
      { env: suite.world.env() },
    );
  /** A project's `.codex/hooks.json` with one hook for `event`. */
  const projectHook = (event: string, command: string, repo = suite.world.repo) => {
    mkdirSync(join(repo, ".codex", "hooks"), { recursive: true });
    const hooks = { [event]: [{ hooks: [{ type: "command", command }] }] };
    writeFileSync(join(repo, ".codex", "hooks.json"), JSON.stringify({ hooks }));
  };
  /** What the TUI's "Yes, trust and run them" records. */
  const trust = (repo = suite.world.repo) => {
    const env = { HOME: suite.world.root };
    const hooks = loadHooks({
      home: suite.world.home,
      cwd: repo,
      env,
      bypassTrust: false,
      warn() {},
    });
    expect(hooks.untrusted().length).toBeGreaterThan(0);
    hooks.trust(hooks.untrusted());
  };
  const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : "");

  it("hole 1: a confined command or a patch cannot change a trusted hook's script or create .codex/.agents files", async () => {
    const repo = suite.world.repo;
    const marker = join(suite.world.root, "escaped");
    projectHook("PostToolUse", "sh .codex/hooks/post.sh");
    const script = join(repo, ".codex", "hooks", "post.sh");
    writeFileSync(script, "echo ran >> hook-log\n");
    trust();
    const run = await exec(
      `run: echo 'echo escaped > ${marker}' >> .codex/hooks/post.sh; mkdir -p .codex/rules .agents/skills/x; echo made > .codex/hooks.json`,
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toContain(".codex/hooks/post.sh: Read-only file system");
    expect(run.stderr).toContain(".agents/skills’: Read-only file system");
    expect(read(script)).toBe("echo ran >> hook-log\n");
    expect(existsSync(join(repo, ".codex", "rules"))).toBe(false);
    expect(existsSync(join(repo, ".agents", "skills"))).toBe(false);
    // the hook is still the one trusted: it ran, unconfined, and wrote nothing outside
    expect(read(join(repo, "hook-log"))).toBe("ran\n");
    expect(existsSync(marker)).toBe(false);

    const patch = await exec("write .codex/hooks/evil.sh: echo evil");
    expect(patch.stdout).toContain(
      "path .codex/hooks/evil.sh is inside .codex, whose hooks, rules, skills and prompts mini-codex runs unconfined: writing it is refused unless -s danger-full-access",
    );
    expect(existsSync(join(repo, ".codex", "hooks", "evil.sh"))).toBe(false);
  }, 60_000);

  it("hole 1: a hook whose script changed during the session does not run, and the warning says why", async () => {
    const marker = join(suite.world.root, "escaped");
    projectHook("PostToolUse", "sh .codex/hooks/post.sh");
    writeFileSync(join(suite.world.repo, ".codex", "hooks", "post.sh"), "echo ran >> hook-log\n");
    trust();
    // danger-full-access may edit it (as a person may): the next run checks it first
    const run = await exec(
      `run: echo 'echo escaped > ${marker}' >> .codex/hooks/post.sh`,
      "danger-full-access",
    );
    expect(run.code, run.stderr).toBe(0);
    expect(run.stdout + run.stderr).toContain(
      "PostToolUse hook `sh .codex/hooks/post.sh` did not run: changed since you trusted it: .codex/hooks/post.sh edited",
    );
    expect(existsSync(marker)).toBe(false);
    expect(existsSync(join(suite.world.repo, "hook-log"))).toBe(false);
  }, 60_000);

  it("hole 3: `cd tools && ./hook` covers tools/hook: read-only to commands, replaced it asks again", async () => {
    const repo = suite.world.repo;
    projectHook("UserPromptSubmit", "cd tools && ./hook");
    mkdirSync(join(repo, "tools"));
    const hook = join(repo, "tools", "hook");
    writeFileSync(hook, "#!/bin/sh\necho v1 >> ../hook-log\n");
    chmodSync(hook, 0o755);
    trust();
    const run = await exec("run: printf '#!/bin/sh\\necho evil >> ../hook-log\\n' > tools/hook");
    expect(run.stderr).toContain("tools/hook: Read-only file system");
    expect(read(join(repo, "hook-log"))).toBe("v1\n");

    writeFileSync(hook, "#!/bin/sh\necho v2 >> ../hook-log\n");
    const after = await exec("hello");
    expect(after.stderr).toContain("changed since you trusted it: tools/hook edited");
    expect(read(join(repo, "hook-log"))).toBe("v1\n");
  }, 60_000);

  it("hole 4: a line naming no file trusted in repo A is asked about again in a clone B", async () => {
    const a = suite.world.repo;
    projectHook("UserPromptSubmit", "make -s hook");
    writeFileSync(join(a, "Makefile"), "hook:\n\techo ran >> hook-log\n");
    const git = (cwd: string, ...args: string[]) =>
      execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@t", ...args], { cwd });
    git(a, "add", ".");
    git(a, "commit", "-qm", "hooks");
    trust();
    expect((await exec("hello")).code).toBe(0);
    expect(read(join(a, "hook-log"))).toBe("ran\n");

    const b = join(suite.world.root, "clone-b");
    git(suite.world.root, "clone", "-q", a, b);
    const inB = await exec("hello", "workspace-write", b);
    expect(inB.stderr).toContain("1 hook(s) of hooks.json are not trusted");
    expect(inB.stderr).toContain("UserPromptSubmit: make -s hook");
    expect(existsSync(join(b, "hook-log"))).toBe(false);
  }, 60_000);

  it("hole 5: a folder is covered whole (its 300th file), a link out of the project or too many files is never trusted", async () => {
    const repo = suite.world.repo;
    projectHook("UserPromptSubmit", 'sh "$(git rev-parse --show-toplevel)/.codex/hooks/run.sh"');
    const hooks = join(repo, ".codex", "hooks");
    for (let i = 1; i < 300; i++) writeFileSync(join(hooks, `f${String(i).padStart(3, "0")}`), "");
    // the 300th file in the order the folder is read
    const run = join(hooks, "run.sh");
    writeFileSync(run, "echo ran >> hook-log\n");
    trust();
    const ran = () => read(join(repo, "hook-log")).split("\n").length - 1;

    const outside = join(suite.world.root, "outside-lib");
    mkdirSync(outside);
    symlinkSync(outside, join(hooks, "lib"));
    const linked = await exec("hello");
    expect(linked.stderr).toContain(
      `.codex/hooks/lib is a symbolic link to ${outside}, outside the project and the hooks.json's folder`,
    );
    rmSync(join(hooks, "lib"));

    writeFileSync(run, "echo changed >> hook-log\n");
    const edited = await exec("hello");
    expect(edited.stderr).toContain("changed since you trusted it: .codex/hooks/run.sh edited");

    writeFileSync(run, "echo ran >> hook-log\n");
    for (let i = 0; i < 800; i++) writeFileSync(join(hooks, `g${String(i).padStart(3, "0")}`), "");
    const large = await exec("hello");
    expect(large.stderr).toContain(".codex/hooks has more than 1000 files, too many to hash");
    expect(ran()).toBe(0);
  }, 90_000);
});
