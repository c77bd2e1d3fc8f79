import { readFileSync } from "node:fs";
import { describe, expect, test } from "vitest";
import { DEMO_GOAL_SCRIPTS, DEMO_PHRASES } from "../../src/demo/model/phrases.js";
import { userMessage } from "../../src/protocol/items.js";
import { collaborationModeMessage } from "../../src/session/context/collaboration-mode.js";
import { goalTurnMessage } from "../../src/session/goals/goal-prompt.js";
import { COMPACTION_PROMPT } from "../../src/turn/compaction/compaction.js";
import { HELP_TOPICS } from "../../src/ui/help-topics.js";
import { decider, outputsOf } from "./model-helpers.js";

const decide = decider([
  { name: "shell_command", type: "function" },
  { name: "update_plan", type: "function" },
  { name: "view_image", type: "function" },
  { name: "apply_patch", type: "custom" },
  { name: "web_search", type: "web_search" },
  { name: "request_user_input", type: "function" },
]);

const PATCH = "patch:\n*** Begin Patch\n*** Add File: a.txt\n+hi\n*** End Patch";

/** A phrase as a person types it: its placeholders filled in. */
function typed(phrase: string): string {
  if (phrase.startsWith("patch:")) return PATCH;
  if (phrase === "/compact") return COMPACTION_PROMPT;
  return phrase
    .replace(/\bN\b/g, "2")
    .replace("<command>", "ls")
    .replace("<path>", "a.txt")
    .replace("<text>", "hi")
    .replace("<image file>", "a.png")
    .replace("<query>", "mini-codex")
    .replace("<task>", "add a greeting")
    .replace("<tool>", "update_plan")
    .replace("<json>", '{"plan":[]}');
}

/** What the model does with it: its outputs' types, or the failure (`/plan`: in Plan mode). */
function behaviour(text: string, model = decide): string {
  const plan = /^\/plan (.*)$/.exec(text);
  const decision = plan
    ? model([collaborationModeMessage("plan"), userMessage(plan[1] ?? "")])
    : model(text);
  if (decision.kind === "fail") return `fail:${decision.code}`;
  return outputsOf(decision)
    .map((output) =>
      output.type === "message" && output.deltas.join("").startsWith("You said:")
        ? "echo"
        : output.type,
    )
    .join(",");
}

describe("what the demo model understands, as /help and docs/usage.md list it (issue 26)", () => {
  test("every listed phrase is understood (not echoed), and anything else is echoed", () => {
    for (const { phrase } of DEMO_PHRASES) {
      const got = behaviour(typed(phrase));
      if (phrase === "anything else") expect(got).toBe("echo");
      else expect(got, phrase).not.toBe("echo");
    }
  });

  test("each goal script, as a goal's turn message, is worked on (a tool is called), not echoed", () => {
    const goal = decider([
      { name: "shell_command", type: "function" },
      { name: "update_goal", type: "function" },
    ]);
    for (const { phrase } of DEMO_GOAL_SCRIPTS) {
      const objective = phrase
        .replace(/\bN\b/, "2")
        .replace("FILE", "g.txt")
        .replace("REASON", "x");
      const message = goalTurnMessage({
        objective,
        status: "active",
        budgets: {},
        spent: { tokens: 0, usd: 0, planPoints: 0, ms: 0, turns: 0, requests: 0 },
      });
      expect(behaviour(message, goal), phrase).toBe("function_call");
    }
  });

  test("docs/usage.md (the README links it) and /help list every phrase", () => {
    const readme = readFileSync(new URL("../../docs/usage.md", import.meta.url), "utf8");
    const help = HELP_TOPICS.flatMap((topic) => topic.lines).join("\n");
    for (const { phrase } of [...DEMO_PHRASES, ...DEMO_GOAL_SCRIPTS]) {
      expect(readme, phrase).toContain(`\`${phrase}\``);
      expect(help, phrase).toContain(phrase);
    }
  });
});
