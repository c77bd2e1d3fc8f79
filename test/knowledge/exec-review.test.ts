import { execFileSync } from "node:child_process";
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { demoSuite, jsonLines, runCli } from "../e2e/helpers.js";

const suite = demoSuite();

const RULE = "review rule: /== null/ P1 Use === undefined: == null also lets null through";

/** Every file of the tree (the .git folder too) with its bytes: to prove nothing changed. */
function snapshot(root: string): Map<string, string> {
  const files = new Map<string, string>();
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const path = join(dir, name);
      if (statSync(path).isDirectory()) walk(path);
      else files.set(relative(root, path), readFileSync(path).toString("base64"));
    }
  };
  walk(root);
  return files;
}

function git(repo: string, ...args: string[]) {
  execFileSync("git", ["-c", "user.name=t", "-c", "user.email=t@example.com", ...args], {
    cwd: repo,
  });
}

describe("mini-codex exec review", () => {
  it("--uncommitted --json: the planted bug is a finding at its file and line; nothing changes", async () => {
    const { repo } = suite.world;
    writeFileSync(join(repo, "AGENTS.md"), `${RULE}\n`);
    writeFileSync(
      join(repo, "lookup.js"),
      "export function find(map, key) {\n  return map.get(key);\n}\n",
    );
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "first");
    // the planted bug: line 2 of the changed file, and an untracked file with another
    writeFileSync(
      join(repo, "lookup.js"),
      "export function find(map, key) {\n  if (key == null) return undefined;\n  return map.get(key);\n}\n",
    );
    writeFileSync(join(repo, "extra.js"), "let a = 1;\nlet b = 2;\nif (b == null) a = 0;\n");
    const before = snapshot(repo);

    const run = await runCli(["exec", ...suite.against(), "--json", "review", "--uncommitted"], {
      env: suite.world.env(),
    });
    expect(run.code, run.stderr).toBe(0);
    const findings = jsonLines(run.stdout)
      .filter((e) => e.type === "item.completed")
      .map((e) => e.item as Record<string, unknown>)
      .filter((item) => item.type === "review_finding");
    expect(findings).toEqual([
      expect.objectContaining({
        file: join(repo, "lookup.js"),
        line_start: 2,
        line_end: 2,
        priority: 1,
        title: "[P1] Use === undefined: == null also lets null through",
      }),
      expect.objectContaining({ file: join(repo, "extra.js"), line_start: 3, priority: 1 }),
    ]);
    expect(snapshot(repo)).toEqual(before);
    // the review ran read-only, with nobody to ask
    const first = JSON.stringify(suite.server.requests.at(-1)?.body);
    expect(first).toContain("sandbox_mode: read-only");
  }, 60_000);

  it("--commit and --base review those changes; text output lists file:line", async () => {
    const { repo } = suite.world;
    writeFileSync(join(repo, "a.js"), "let x = 1;\n");
    git(repo, "add", ".");
    git(repo, "commit", "-qm", "base");
    git(repo, "branch", "-M", "main");
    git(repo, "checkout", "-qb", "topic");
    writeFileSync(join(repo, "a.js"), "let x = 1;\nif (x == null) x = 2;\n");
    git(repo, "commit", "-qam", "topic change");
    const sha = execFileSync("git", ["rev-parse", "HEAD"], { cwd: repo, encoding: "utf8" }).trim();

    for (const target of [
      ["--commit", sha],
      ["--base", "main"],
    ]) {
      const run = await runCli(["exec", ...suite.against(), "review", ...target, RULE], {
        env: suite.world.env(),
      });
      expect(run.code, run.stderr).toBe(0);
      expect(run.stdout).toContain(
        `[P1] Use === undefined: == null also lets null through — ${join(repo, "a.js")}:2`,
      );
      expect(run.stdout).toContain("patch is incorrect");
    }
  }, 60_000);

  it("needs exactly one target", async () => {
    const run = await runCli(["exec", ...suite.against(), "review"], { env: suite.world.env() });
    expect(run.code).toBe(2);
    expect(run.stderr).toContain("exactly one of --uncommitted, --base BRANCH, --commit SHA");
  });
});
