import { describe, expect, it } from "vitest";
import {
  isReadOnlyCommand,
  matchesGrantedPrefix,
  suggestedPrefix,
} from "../../src/sandbox/command-words.js";
import {
  approvalNeed,
  grantFor,
  NO_GRANTS,
  sessionDecision,
} from "../../src/tools/approval/policy.js";
import type { ApprovalRequest } from "../../src/tools/types.js";

const command = (text: string, reason?: "sandbox_denied"): ApprovalRequest => ({
  kind: "command",
  callId: "c",
  command: text,
  workdir: "/w",
  suggestedPrefix: suggestedPrefix(text),
  ...(reason ? { reason } : {}),
});
const patch = (...paths: string[]): ApprovalRequest => ({
  kind: "patch",
  callId: "p",
  changes: paths.map((path) => ({ path, kind: "add", diff: `+${path}\n` })),
});
const mcp = (readOnly: boolean): ApprovalRequest => ({
  kind: "mcp_tool",
  callId: "m",
  server: "files",
  tool: "write",
  arguments: "{}",
  readOnly,
});

describe("isReadOnlyCommand", () => {
  it.each([
    "ls",
    "ls -la src",
    "cat README.md",
    "rg -n 'foo bar' src",
    "git status",
    "git status --short",
    "git log --oneline -5",
    "pwd",
    "head -n 5 a.txt",
    "tail -20 log.txt",
    "wc -l a b",
    "cat a.txt | head -5",
    "ls && git status",
    "find . -name '*.ts'",
  ])("allows %s", (text) => {
    expect(isReadOnlyCommand(text)).toBe(true);
  });

  it.each([
    "touch x",
    "rm -rf build",
    "cat a > b",
    "echo hi >> file",
    "ls; rm x",
    "git commit -m x",
    "git push",
    "git -c core.pager=evil status",
    "find . -delete",
    "find . -exec rm {} ;",
    "sort -o out.txt in.txt",
    "find . -fprint0 out.bin",
    "rg --hostname-bin=./evil foo",
    "rg --hostname-bin ./evil foo",
    "sort --compress-program=./evil in.txt",
    "sort -uo out.txt in.txt",
    "cat $(which node)",
    "cat `ls`",
    'echo "$HOME"',
    "ls &",
    "npm test",
    "sed -i s/a/b/ file",
    "cat 'unterminated",
    "",
  ])("asks for %s", (text) => {
    expect(isReadOnlyCommand(text)).toBe(false);
  });
});

describe("suggestedPrefix", () => {
  it.each([
    ["npm test", ["npm", "test"]],
    ["npm test -- --watch=false", ["npm", "test"]],
    ["git commit -m 'a b'", ["git", "commit"]],
    ["touch a.txt", ["touch"]],
    ["cargo build --release", ["cargo", "build"]],
    // an interpreter's prefix would approve anything: the whole command is the prefix
    ["python3 script.py --fast", ["python3", "script.py", "--fast"]],
    ["bash -c 'rm x'", ["bash", "-c", "rm x"]],
    ["./run.sh a", ["./run.sh", "a"]],
    // options before a subcommand can change what runs: never offer the bare program
    ["git -c 'alias.x=!sh' x", ["git", "-c", "alias.x=!sh", "x"]],
    ["npm -g install foo", ["npm", "-g", "install", "foo"]],
  ])("%s → %j", (text, prefix) => {
    expect(suggestedPrefix(text)).toEqual(prefix);
  });

  it.each(["npm test && rm -rf /", "echo $(id)", "make > log", "a | b"])(
    "offers none for %s",
    (text) => {
      expect(suggestedPrefix(text)).toEqual([]);
    },
  );

  it("a granted prefix covers commands starting with it and nothing hidden behind them", () => {
    const granted = [["npm", "test"]];
    expect(matchesGrantedPrefix("npm test", granted)).toBe(true);
    expect(matchesGrantedPrefix("npm test -- -t foo", granted)).toBe(true);
    expect(matchesGrantedPrefix("npm test && git status", granted)).toBe(true);
    expect(matchesGrantedPrefix("npm publish", granted)).toBe(false);
    expect(matchesGrantedPrefix("npm test && rm -rf build", granted)).toBe(false);
    expect(matchesGrantedPrefix("npm test $(rm -rf build)", granted)).toBe(false);
    expect(matchesGrantedPrefix("npm", granted)).toBe(false);
  });
});

describe("approvalNeed", () => {
  it("untrusted: read-only commands run, others ask; patches ask unless danger-full-access", () => {
    expect(approvalNeed("untrusted", "workspace-write", command("ls -la"))).toBe("allow");
    expect(approvalNeed("untrusted", "workspace-write", command("touch x"))).toBe("ask");
    expect(approvalNeed("untrusted", "danger-full-access", command("touch x"))).toBe("ask");
    expect(approvalNeed("untrusted", "workspace-write", patch("a.txt"))).toBe("ask");
    expect(approvalNeed("untrusted", "read-only", patch("a.txt"))).toBe("ask");
    expect(approvalNeed("untrusted", "danger-full-access", patch("a.txt"))).toBe("allow");
  });

  it("on-request and on-failure: commands run in the sandbox; patches ask only when read-only", () => {
    for (const policy of ["on-request", "on-failure"] as const) {
      expect(approvalNeed(policy, "workspace-write", command("touch x"))).toBe("allow");
      expect(approvalNeed(policy, "read-only", command("touch x"))).toBe("allow");
      expect(approvalNeed(policy, "workspace-write", patch("a.txt"))).toBe("allow");
      expect(approvalNeed(policy, "read-only", patch("a.txt"))).toBe("ask");
    }
  });

  it("a sandbox denial asks to run again unconfined, except under never (the model gets it)", () => {
    for (const policy of ["untrusted", "on-request", "on-failure"] as const) {
      expect(approvalNeed(policy, "workspace-write", command("ls", "sandbox_denied"))).toBe("ask");
    }
    expect(approvalNeed("never", "workspace-write", command("ls", "sandbox_denied"))).toBe(
      "refuse",
    );
  });

  it("never asks: commands run, a patch in a read-only sandbox is refused", () => {
    expect(approvalNeed("never", "read-only", command("rm -rf x"))).toBe("allow");
    expect(approvalNeed("never", "workspace-write", patch("a.txt"))).toBe("allow");
    expect(approvalNeed("never", "read-only", patch("a.txt"))).toBe("refuse");
  });

  it("MCP tools ask unless read-only or never", () => {
    expect(approvalNeed("on-request", "workspace-write", mcp(false))).toBe("ask");
    expect(approvalNeed("on-request", "workspace-write", mcp(true))).toBe("allow");
    expect(approvalNeed("never", "workspace-write", mcp(false))).toBe("allow");
  });
});

describe("session grants approve exactly what their labels say", () => {
  it("a command prefix approves commands with that prefix only", () => {
    const decision = sessionDecision(command("npm test -- --run"));
    expect(decision).toEqual({ kind: "approve_prefix", prefix: ["npm", "test"] });
    const grants = grantFor(NO_GRANTS, decision ?? { kind: "approve" });
    expect(approvalNeed("untrusted", "workspace-write", command("npm test"), grants)).toBe("allow");
    expect(approvalNeed("untrusted", "workspace-write", command("npm publish"), grants)).toBe(
      "ask",
    );
    expect(approvalNeed("untrusted", "workspace-write", patch("a.txt"), grants)).toBe("ask");
  });

  it("a file set approves later patches touching only those files", () => {
    const decision = sessionDecision(patch("a.txt", "b.txt"));
    expect(decision).toEqual({ kind: "approve_files", paths: ["a.txt", "b.txt"] });
    const grants = grantFor(NO_GRANTS, decision ?? { kind: "approve" });
    expect(approvalNeed("untrusted", "workspace-write", patch("a.txt"), grants)).toBe("allow");
    expect(approvalNeed("untrusted", "workspace-write", patch("a.txt", "c.txt"), grants)).toBe(
      "ask",
    );
    expect(approvalNeed("untrusted", "workspace-write", command("touch a.txt"), grants)).toBe(
      "ask",
    );
  });

  it("no session answer for an escalation or a command without a safe prefix", () => {
    expect(sessionDecision(command("npm test", "sandbox_denied"))).toBeUndefined();
    expect(sessionDecision(command("npm test && rm -rf build"))).toBeUndefined();
    expect(grantFor(NO_GRANTS, { kind: "deny", feedback: "no" })).toBe(NO_GRANTS);
  });
});
