import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { createApprovalGate } from "../../src/tools/approval/gate.js";
import { RuleBook } from "../../src/tools/approval/rule-book.js";
import { parseRules, rulesVerdict } from "../../src/tools/approval/rules.js";
import { MAX_LIST_DEPTH, readRulesCalls } from "../../src/tools/approval/rules-syntax.js";
import type { ApprovalDecision, ApprovalRequest } from "../../src/tools/types.js";

const THREE = `# three rules, as a Codex user writes them
prefix_rule(
    pattern = ["git", ["status", "diff"]],
    decision = "allow",
    match = [["git", "status"], "git diff --stat"],
    not_match = ["git push"],
)
prefix_rule(pattern = ["npm", "publish"], decision = "prompt", justification = 'releases are checked')
prefix_rule(
    pattern = ["rm", "-rf"],
    decision = "forbidden",
    justification = "use trash instead",
)
`;

const errorOf = (text: string) => {
  try {
    parseRules("/r/x.rules", text);
  } catch (error) {
    return (error as Error).message;
  }
  return "no error";
};

describe("rules files: the prefix_rule subset, read as data", () => {
  it("reads allow, prompt and forbidden rules and decides lines with the strictest", () => {
    const rules = parseRules("/r/default.rules", THREE);
    expect(rules.map((rule) => [rule.decision, rule.line])).toEqual([
      ["allow", 2],
      ["prompt", 8],
      ["forbidden", 9],
    ]);
    expect(rulesVerdict(rules, "git diff --stat")?.decision).toBe("allow");
    expect(rulesVerdict(rules, "npm publish --tag next")?.decision).toBe("prompt");
    expect(rulesVerdict(rules, "rm -rf build")?.rule.justification).toBe("use trash instead");
    // one forbidden command in a chain forbids the line; in a line that is not plain words too
    expect(rulesVerdict(rules, "git status && rm -rf /")?.decision).toBe("forbidden");
    expect(rulesVerdict(rules, 'rm -rf "$HOME"')?.decision).toBe("forbidden");
    // allow only when every command is allowed or read-only, and the line is plain words
    expect(rulesVerdict(rules, "git status && ls")?.decision).toBe("allow");
    expect(rulesVerdict(rules, "git status && make")).toBeUndefined();
    expect(rulesVerdict(rules, "git status $(make)")).toBeUndefined();
    expect(rulesVerdict(rules, "gitx status")).toBeUndefined();
  });

  it("names the file, line and column of what it cannot read, and never runs anything", () => {
    expect(errorOf('prefix_rule(\n  pattern = ["a"],\n  decision = "maybe",\n)')).toBe(
      '/r/x.rules:3:14: `decision` must be "allow", "prompt" or "forbidden", not "maybe"',
    );
    expect(errorOf('load("x.star", "y")')).toMatch(/^\/r\/x\.rules:1:6: expected a name/);
    expect(errorOf('prefix_rule(pattern = ["a"] + ["b"])')).toMatch(
      /^\/r\/x\.rules:1:29: expected `,` or `\)`, found `\+/,
    );
    expect(errorOf('prefix_rule(pattern = ["a"]')).toBe(
      "/r/x.rules:1:28: expected `,` or `)`, found the end of the file",
    );
    expect(errorOf('\n\nprefix_rule(pattern = ["a"], match = ["b"])')).toBe(
      "/r/x.rules:3:39: the rule does not match this `match` example",
    );
    expect(errorOf('prefix_rule(patern = ["a"])')).toBe(
      "/r/x.rules:1:13: prefix_rule has no argument `patern`",
    );
    expect(errorOf('shell(cmd = "touch pwned")')).toBe(
      "/r/x.rules:1:1: unknown rule `shell` (mini-codex reads prefix_rule)",
    );
    expect(errorOf('prefix_rule(pattern = ["a"], decision = "allow)')).toBe(
      "/r/x.rules:1:41: unterminated string",
    );
    // lists nest to MAX_LIST_DEPTH; the `[` one deeper is named (not a stack overflow)
    const nested = (depth: number) => `${"[".repeat(depth)}"a"${"]".repeat(depth)}`;
    expect(readRulesCalls("/r/x.rules", `r(p = ${nested(MAX_LIST_DEPTH)})`)).toHaveLength(1);
    expect(errorOf(`\nprefix_rule(pattern = ${nested(MAX_LIST_DEPTH + 1)})`)).toBe(
      `/r/x.rules:2:${23 + MAX_LIST_DEPTH}: lists nested deeper than ${MAX_LIST_DEPTH} levels`,
    );
  });

  it("never allows a bare interpreter or shell", () => {
    for (const program of ["bash", "python3", "node", "/bin/sh", "env"]) {
      expect(errorOf(`prefix_rule(pattern = [["ls", "${program}"], "-c"])`)).toContain(
        `a rule may not allow \`${program}\``,
      );
    }
    // forbidding or asking for them is fine
    expect(parseRules("f", 'prefix_rule(pattern = ["bash"], decision = "prompt")')).toHaveLength(1);
  });
});

const command = (text: string): ApprovalRequest => ({
  kind: "command",
  callId: "c",
  command: text,
  workdir: ".",
  suggestedPrefix: text.split(" ").slice(0, 2),
});

describe("the approval gate with rules on disk", () => {
  let root = "";
  afterEach(() => rmSync(root, { recursive: true, force: true }));
  const folders = () => {
    root = mkdtempSync(join(tmpdir(), "mini-codex-rules-"));
    const user = join(root, "home", "rules");
    const project = join(root, "repo", ".codex", "rules");
    mkdirSync(user, { recursive: true });
    mkdirSync(project, { recursive: true });
    return { user, project };
  };

  it("decides as written, whatever the policy; a project's allow rules are not honoured", async () => {
    const dirs = folders();
    writeFileSync(join(dirs.user, "default.rules"), THREE);
    writeFileSync(join(dirs.project, "p.rules"), 'prefix_rule(pattern = ["make"])\n');
    const book = new RuleBook(dirs);
    const asked: ApprovalRequest[] = [];
    const ask = async (request: ApprovalRequest): Promise<ApprovalDecision> => {
      asked.push(request);
      return { kind: "approve" };
    };
    const gate = createApprovalGate({
      policy: "untrusted",
      sandbox: "workspace-write",
      ask,
      rules: book,
    });
    expect(await gate(command("git diff --stat"))).toEqual({ kind: "approve" });
    expect(asked).toHaveLength(0);
    expect(await gate(command("npm publish"))).toEqual({ kind: "approve" });
    expect(asked).toHaveLength(1);
    const denied = await gate(command("rm -rf build"));
    expect(denied).toEqual({
      kind: "deny",
      feedback: `forbidden by a rule (${join(dirs.user, "default.rules")}:9): use trash instead; it was not run`,
    });
    // the project's allow is listed as ignored and asks
    await gate(command("make all"));
    expect(asked).toHaveLength(2);
    expect(book.list().find((rule) => rule.file.endsWith("p.rules"))?.ignored).toBe(true);
    // under never (exec's default) a prompt rule refuses, naming the rule
    const never = createApprovalGate({ policy: "never", sandbox: "workspace-write", rules: book });
    expect(await never(command("npm publish"))).toMatchObject({
      kind: "deny",
      feedback: expect.stringContaining("a rule says to ask before this command"),
    });
    expect(await never(command("rm -rf x"))).toMatchObject({ kind: "deny" });
  });

  it('"always" appends a readable allow rule the next book honours; removal cuts it out', async () => {
    const dirs = folders();
    const notes: string[] = [];
    const ask = async (): Promise<ApprovalDecision> => ({
      kind: "approve_prefix",
      prefix: ["npm", "test"],
      always: true,
    });
    const options = {
      policy: "untrusted",
      sandbox: "workspace-write",
      note: (m: string) => notes.push(m),
    } as const;
    const gate = createApprovalGate({ ...options, ask, rules: new RuleBook(dirs) });
    await gate(command("npm test"));
    const file = join(dirs.user, "default.rules");
    expect(readFileSync(file, "utf8")).toContain(
      'pattern = ["npm", "test"],\n    decision = "allow"',
    );
    expect(notes).toEqual([`rule saved: allow \`npm test\` (${file}:1)`]);
    const nobody = async (): Promise<ApprovalDecision> => ({ kind: "deny" });
    const next = new RuleBook(dirs);
    const later = createApprovalGate({ ...options, ask: nobody, rules: next });
    expect(await later(command("npm test -- -t x"))).toEqual({ kind: "approve" });
    next.remove(next.list()[0] as never);
    expect(readFileSync(file, "utf8").trim()).toBe("");
    expect(await later(command("npm test"))).toEqual({ kind: "deny", feedback: "denied by user" });
    // a bare interpreter is never saved, and nothing is written
    rmSync(file);
    expect(() => next.saveAllow(["python3", "x.py"])).toThrow(/runs whatever its arguments say/);
    expect(existsSync(file)).toBe(false);
  });
});
