import { describe, expect, it } from "vitest";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";
import { buildInitialContext } from "../../src/session/context/environment.js";
import { COMPACTION_SUMMARY_PREFIX } from "../../src/session/context/message-markers.js";
import { copyRoute, OSC52_MAX_BYTES, osc52 } from "../../src/ui/clipboard.js";
import { conversationMarkdown, lastAnswer } from "../../src/ui/model/markdown-export.js";

const answer = (text: string): ResponseItem => ({
  type: "message",
  role: "assistant",
  content: [{ type: "output_text", text }],
});

const history: ResponseItem[] = [
  ...buildInitialContext({
    cwd: "/work",
    shell: "bash",
    sandbox: "workspace-write",
    approvalPolicy: "on-request",
    now: new Date("2026-01-02T03:04:05Z"),
    timezone: "UTC",
  }),
  userMessage(`${COMPACTION_SUMMARY_PREFIX}\nwe set up the repo`),
  userMessage("list the files"),
  {
    type: "function_call",
    call_id: "c1",
    name: "shell_command",
    arguments: JSON.stringify({ command: "ls" }),
  },
  {
    type: "function_call_output",
    call_id: "c1",
    output: "Exit code: 0\nOutput:\n\u001b[34mREADME.md\u001b[0m\n```not a fence```\n",
  },
  { type: "custom_tool_call", call_id: "c2", name: "apply_patch", input: "*** Begin Patch\n+x\n" },
  {
    type: "custom_tool_call_output",
    call_id: "c2",
    output: "Success. Updated the following files:\nA x",
  },
  answer("There is one file: `README.md`."),
];
const about = {
  sessionId: "s-1",
  cwd: "/work",
  model: "gpt-5",
  effort: "high",
  exportedAt: new Date("2026-01-02T04:00:00Z"),
};

describe("/export's Markdown (issue 37, item 5)", () => {
  it("has the messages, each command and patch with its result, and none of the model's context", () => {
    const md = conversationMarkdown(history, about);
    expect(md).toContain(
      "# mini-codex session s-1\n\n- directory: `/work`\n- model: gpt-5 (high)\n",
    );
    expect(md).toContain("## Summary of the earlier conversation\n\nwe set up the repo");
    expect(md).toContain("## You\n\nlist the files");
    expect(md).toContain("**Ran** `ls`");
    // colours dropped; a fence the output holds does not end the block
    expect(md).toContain("````text\nExit code: 0\nOutput:\nREADME.md\n```not a fence```\n````");
    expect(md).toContain("**Patch**\n\n```diff\n*** Begin Patch\n+x\n```");
    expect(md).toContain("## mini-codex\n\nThere is one file: `README.md`.");
    expect(md).not.toContain("sandbox_mode");
    expect(md).not.toContain("environment_context");
    expect(md.indexOf("list the files")).toBeLessThan(md.indexOf("**Ran**"));
  });

  it("the last answer is the newest assistant message", () => {
    expect(lastAnswer(history)).toBe("There is one file: `README.md`.");
    expect(lastAnswer(history.slice(0, 3))).toBeUndefined();
  });
});

describe("/copy's route", () => {
  it("OSC 52 to a terminal, a file when not one, when asked, or when too long for the sequence", () => {
    const tty = { isTTY: true, write: () => true };
    expect(copyRoute("hi", tty, false)).toEqual({ via: "osc52" });
    expect(copyRoute("hi", { write: () => true }, false)).toEqual({
      via: "file",
      why: "not a terminal",
    });
    expect(copyRoute("hi", tty, true)).toEqual({ via: "file", why: "asked" });
    expect(copyRoute("x".repeat(OSC52_MAX_BYTES + 1), tty, false)).toEqual({
      via: "file",
      why: "too long",
    });
    expect(osc52("héllo")).toBe(`\u001b]52;c;${Buffer.from("héllo").toString("base64")}\u0007`);
  });
});
