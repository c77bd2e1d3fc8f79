import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { diffCommand } from "../../src/ui/commands/info/diff.js";
import type { CommandContext } from "../../src/ui/commands/types.js";
import type { TranscriptEntryBody } from "../../src/ui/model/transcript-entries.js";

// Issue 26 item 13: /diff shows an untracked file's contents as additions (real git, real bwrap).
let root: string;
let repo: string;

const git = (...args: string[]) => execFileSync("git", args, { cwd: repo, stdio: "pipe" });

async function runDiff(): Promise<TranscriptEntryBody[]> {
  const printed: TranscriptEntryBody[] = [];
  const ctx = {
    controller: { launch: { cwd: repo, home: join(root, "mch") } },
    args: "",
    print: (...e: TranscriptEntryBody[]) => printed.push(...e),
  };
  await diffCommand.run(ctx as unknown as CommandContext);
  return printed;
}

beforeEach(() => {
  root = mkdtempSync("/var/tmp/mini-codex-diff-");
  repo = join(root, "repo");
  mkdirSync(repo);
  git("init", "-q");
  git("config", "user.email", "a@b");
  git("config", "user.name", "a");
  writeFileSync(join(repo, "kept.txt"), "one\n");
  git("add", "kept.txt");
  git("commit", "-qm", "one");
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("/diff", () => {
  it("shows a tracked change and an untracked file's lines as additions", async () => {
    writeFileSync(join(repo, "kept.txt"), "two\n");
    mkdirSync(join(repo, "src"));
    writeFileSync(
      join(repo, "src", "fresh.ts"),
      "export const fresh = 1;\nexport const more = 2;\n",
    );
    const printed = await runDiff();
    const diff = printed.find((entry) => entry.kind === "diff");
    expect(diff?.kind === "diff" && diff.text).toContain("+two");
    const text = diff?.kind === "diff" ? diff.text : "";
    expect(text).toContain("--- /dev/null");
    expect(text).toContain("+++ b/src/fresh.ts");
    expect(text).toContain("+export const fresh = 1;");
    expect(text).toContain("+export const more = 2;");
  });

  it("an untracked file alone is a diff, not just a name", async () => {
    writeFileSync(join(repo, "new.md"), "# hello\n");
    const printed = await runDiff();
    expect(printed).toHaveLength(1);
    expect(printed[0]?.kind).toBe("diff");
    expect(JSON.stringify(printed)).toContain("+# hello");
  });
});
