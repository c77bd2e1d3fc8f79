import { describe, expect, it } from "vitest";
import type { ApprovalRequest } from "../../src/tools/types.js";
import {
  approvalNeed,
  grantForSession,
  isReadOnlyCommand,
  NO_GRANTS,
} from "../../src/ui/approval-policy.js";

const command = (text: string): ApprovalRequest => ({
  kind: "command",
  callId: "c",
  command: text,
  workdir: "/w",
});
const patch: ApprovalRequest = {
  kind: "patch",
  callId: "p",
  changes: [{ path: "a.txt", kind: "add" }],
};

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

describe("approvalNeed", () => {
  it("untrusted: read-only commands run, others ask, patches ask unless danger-full-access", () => {
    expect(approvalNeed("untrusted", "workspace-write", command("ls -la"))).toBe("allow");
    expect(approvalNeed("untrusted", "workspace-write", command("touch x"))).toBe("ask");
    expect(approvalNeed("untrusted", "danger-full-access", command("touch x"))).toBe("ask");
    expect(approvalNeed("untrusted", "workspace-write", patch)).toBe("ask");
    expect(approvalNeed("untrusted", "read-only", patch)).toBe("ask");
    expect(approvalNeed("untrusted", "danger-full-access", patch)).toBe("allow");
  });

  it("on-request: the sandbox guards commands; patches ask only in a read-only sandbox", () => {
    expect(approvalNeed("on-request", "workspace-write", command("touch x"))).toBe("allow");
    expect(approvalNeed("on-request", "workspace-write", patch)).toBe("allow");
    expect(approvalNeed("on-request", "read-only", patch)).toBe("ask");
    // No OS sandbox for shell commands: a read-only session asks before one that may write.
    expect(approvalNeed("on-request", "read-only", command("touch x"))).toBe("ask");
    expect(approvalNeed("on-request", "read-only", command("git status"))).toBe("allow");
  });

  it("never and on-failure never ask", () => {
    for (const policy of ["never", "on-failure"] as const) {
      expect(approvalNeed(policy, "read-only", command("rm -rf x"))).toBe("allow");
      expect(approvalNeed(policy, "read-only", patch)).toBe("allow");
    }
  });

  it("approve-for-session covers the same command again, and later patches", () => {
    const grants = grantForSession(NO_GRANTS, command("npm test"));
    expect(approvalNeed("untrusted", "workspace-write", command("npm test"), grants)).toBe("allow");
    expect(approvalNeed("untrusted", "workspace-write", command("npm publish"), grants)).toBe(
      "ask",
    );
    expect(approvalNeed("untrusted", "workspace-write", patch, grants)).toBe("ask");
    const withPatches = grantForSession(grants, patch);
    expect(approvalNeed("untrusted", "workspace-write", patch, withPatches)).toBe("allow");
  });
});
