import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, test } from "vitest";
import { readProjectDocs } from "../../src/launch/context/project-docs.js";

let root: string;
let repo: string;
let home: string;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-project-docs-"));
  repo = join(root, "repo");
  home = join(root, "home");
  mkdirSync(join(repo, "a", "b"), { recursive: true });
  mkdirSync(home);
  execFileSync("git", ["init", "-q", repo]);
});
afterEach(() => rmSync(root, { recursive: true, force: true }));

const settings = (extra: Partial<Parameters<typeof readProjectDocs>[1]> = {}) => ({
  homes: [home],
  maxBytes: 32 * 1024,
  fallbackNames: [],
  ...extra,
});

describe("readProjectDocs", () => {
  test("the global file of the first home that has one; the override wins, an empty one does not", () => {
    const codex = join(root, "codex");
    mkdirSync(codex);
    writeFileSync(join(codex, "AGENTS.md"), "from the Codex home\n");
    expect(readProjectDocs(repo, settings({ homes: [home, codex] })).text).toBe(
      "from the Codex home",
    );
    writeFileSync(join(home, "AGENTS.override.md"), "\n");
    writeFileSync(join(home, "AGENTS.md"), "mine\n");
    expect(readProjectDocs(repo, settings({ homes: [home, codex] })).text).toBe("mine");
    writeFileSync(join(home, "AGENTS.override.md"), "override\n");
    const docs = readProjectDocs(repo, settings({ homes: [home, codex] }));
    expect(docs.text).toBe("override");
    expect(docs.files).toEqual([
      { path: join(home, "AGENTS.override.md"), bytes: 9, loaded: 9, scope: "global" },
    ]);
  });

  test("one file a folder, root first: override, AGENTS.md, then the fallback names", () => {
    writeFileSync(join(repo, "NOTES.md"), "root notes\n");
    writeFileSync(join(repo, "a", "AGENTS.md"), "a agents\n");
    writeFileSync(join(repo, "a", "NOTES.md"), "a notes: not read\n");
    writeFileSync(join(repo, "a", "b", "AGENTS.override.md"), "b override\n");
    writeFileSync(join(repo, "a", "b", "AGENTS.md"), "b agents: not read\n");
    const cwd = join(repo, "a", "b");
    expect(readProjectDocs(cwd, settings()).text).toBe("a agents\n\n\nb override\n");
    expect(readProjectDocs(cwd, settings({ fallbackNames: ["NOTES.md"] })).text).toBe(
      "root notes\n\n\na agents\n\n\nb override\n",
    );
  });

  test("the budget counts project files only; the file it ends in is cut and named in a note", () => {
    writeFileSync(join(home, "AGENTS.md"), "global text that is not counted\n");
    writeFileSync(join(repo, "AGENTS.md"), "0123456789");
    writeFileSync(join(repo, "a", "AGENTS.md"), "   \n");
    writeFileSync(join(repo, "a", "b", "AGENTS.md"), "abcdefghij");
    const docs = readProjectDocs(join(repo, "a", "b"), settings({ maxBytes: 15 }));
    expect(docs.text).toBe(
      "global text that is not counted\n\n--- project-doc ---\n\n0123456789\n\nabcde",
    );
    expect(docs.files.map((file) => [file.loaded, file.bytes])).toEqual([
      [32, 32],
      [10, 10],
      [5, 10],
    ]);
    expect(docs.notes).toEqual([
      `${join(repo, "a", "b", "AGENTS.md")} cut to 5 of 10 bytes: the project instructions may use 15 bytes (project_doc_max_bytes)`,
    ]);
  });

  test("outside a repository only cwd is read; a budget of 0 reads no project file", () => {
    const outside = join(root, "plain", "sub");
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(root, "plain", "AGENTS.md"), "parent: not read\n");
    writeFileSync(join(outside, "AGENTS.md"), "here\n");
    expect(readProjectDocs(outside, settings()).text).toBe("here\n");
    expect(readProjectDocs(outside, settings({ maxBytes: 0 })).text).toBeUndefined();
  });
});
