import { chmodSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { fileStateOnDisk, runHook } from "../../src/tools/hooks/hook-run.js";
import { hookStartProblem, leadingWords } from "../../src/tools/hooks/hook-start.js";

// Issue 37: a hook that cannot start is a hook failure, never read as a deny.
let root: string;
let facts: Parameters<typeof hookStartProblem>[1];
beforeAll(() => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-hook-start-"));
  mkdirSync(join(root, "bin"));
  mkdirSync(join(root, ".codex", "hooks"), { recursive: true });
  for (const [name, mode] of [
    ["bin/python3", 0o755],
    ["bin/guard", 0o755],
    ["bin/notes.txt", 0o644],
    [".codex/hooks/pre.py", 0o644],
  ] as const) {
    writeFileSync(join(root, name), "#!/bin/sh\nexit 0\n");
    chmodSync(join(root, name), mode);
  }
  facts = {
    cwd: root,
    home: root,
    path: join(root, "bin"),
    fileState: fileStateOnDisk,
  };
});
afterAll(() => rmSync(root, { recursive: true, force: true }));

describe("hookStartProblem", () => {
  it("a script its interpreter would run must exist (~ and $HOME expanded)", () => {
    expect(hookStartProblem("python3 ~/.codex/hooks/pre.py", facts)).toBeUndefined();
    expect(hookStartProblem('python3 "$HOME/.codex/hooks/pre.py" --strict', facts)).toBeUndefined();
    expect(hookStartProblem("python3 ~/.codex/hooks/post.py", facts)).toBe(
      `script ${join(root, ".codex/hooks/post.py")} does not exist`,
    );
    expect(hookStartProblem("FOO=1 python3 -u .codex/hooks/gone.py", facts)).toBe(
      "script .codex/hooks/gone.py does not exist",
    );
  });

  it("the program must be on PATH, or exist and be executable", () => {
    expect(hookStartProblem("python9 x.py", facts)).toBe("program python9 is not on PATH");
    expect(hookStartProblem("/nowhere/guard --check", facts)).toBe(
      "program /nowhere/guard does not exist",
    );
    expect(hookStartProblem(`${join(root, "bin/notes.txt")}`, facts)).toBe(
      `program ${join(root, "bin/notes.txt")} is not executable`,
    );
    expect(hookStartProblem("guard | tee -a ~/.codex/new-log.txt", facts)).toBeUndefined();
  });

  it("what it cannot judge it leaves to the run: code options, builtins, other expansions", () => {
    expect(hookStartProblem("python3 -c 'print(1)' missing.py", facts)).toBeUndefined();
    expect(hookStartProblem("cd /tmp && python3 gone.py", facts)).toBeUndefined();
    expect(hookStartProblem("$MY_HOOK gone.py", facts)).toBeUndefined();
    expect(hookStartProblem("python3 $DIR/gone.py", facts)).toBeUndefined();
    expect(leadingWords("a 'b c' \"d\"e > out", "/h")).toEqual(["a", "b c", "de"]);
  });
});

describe("runHook", () => {
  const ctx = () => ({
    cwd: root,
    env: { PATH: `${join(root, "bin")}:/usr/bin:/bin`, HOME: root },
    signal: new AbortController().signal,
  });
  const handler = (command: string) => ({
    event: "PreToolUse" as const,
    command,
    timeoutSec: 30,
    source: "test",
  });

  it("a missing script is a failure to start, with no exit code to read as a deny", async () => {
    const run = await runHook(handler("python3 ~/.codex/hooks/gone.py"), {}, ctx());
    expect(run.exitCode).toBeNull();
    expect(run.failure).toBe(
      `could not start: script ${join(root, ".codex/hooks/gone.py")} does not exist`,
    );
  });

  it("a hook that runs and exits 2 keeps its exit code and reason", async () => {
    const run = await runHook(handler("cat > /dev/null; echo no >&2; exit 2"), {}, ctx());
    expect(run).toMatchObject({ exitCode: 2, stderr: "no\n" });
    expect(run.failure).toBeUndefined();
  });
});
