import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";

/** What a newcomer's first demo session finds: small files to read, run and patch. */
const SAMPLE_FILES: Record<string, string> = {
  "README.md": [
    "# Demo workspace",
    "",
    "A scratch git repository made for `npm run demo`; nothing here is mini-codex itself.",
    "The demo model follows simple rules. Try:",
    "",
    "- `run: ls -la` runs a shell command",
    "- `write notes/idea.txt: hello` adds a file through apply_patch",
    "- `plan: read; change; test` makes a plan",
    "- anything else is echoed back",
    "",
  ].join("\n"),
  "hello.py": 'def greet(name):\n    return f"Hello, {name}!"\n\n\nprint(greet("demo"))\n',
  "notes/todo.md": "# To do\n\n- [ ] try a command\n- [ ] try a patch\n",
};

/**
 * A fresh temporary git repository with the sample files, committed, for the demo to work in
 * (so a demo `write …` never lands in the checkout it was started from). Without git it is a
 * plain folder. Returns its path.
 */
export function createScratchWorkspace(parent = tmpdir()): string {
  const dir = mkdtempSync(join(parent, "mini-codex-demo-"));
  for (const [path, text] of Object.entries(SAMPLE_FILES)) {
    const file = join(dir, path);
    mkdirSync(join(file, ".."), { recursive: true });
    writeFileSync(file, text);
  }
  const git = (...args: string[]) =>
    execFileSync(
      "git",
      ["-c", "user.name=mini-codex demo", "-c", "user.email=demo@localhost", ...args],
      {
        cwd: dir,
        stdio: "ignore",
      },
    );
  try {
    git("init", "-q");
    git("add", "-A");
    git("commit", "-q", "-m", "Demo workspace");
  } catch {
    // no git on this machine: the folder still works as a workspace
  }
  return dir;
}
