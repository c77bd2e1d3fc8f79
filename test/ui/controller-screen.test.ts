import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import type { ApprovalDecision } from "../../src/tools/types.js";
import { approvalKeys } from "../../src/ui/input/approval-keys.js";
import { NO_KEY, started } from "./controller-harness.js";
import { waitFor } from "./ink-helpers.js";

// Issue 26: the screen's behaviours that belong to the controller (no rendering).
describe("TuiController: the approval feedback field", () => {
  const request = {
    kind: "command" as const,
    callId: "call_1",
    command: "rm -rf build",
    workdir: "/tmp",
    suggestedPrefix: [],
  };
  const key = (extra: Partial<Key> = {}) => ({ ...NO_KEY, ...extra }) as Key;

  it("[f] takes text and Enter arriving in one chunk (a paste, fast typing), like the composer", async () => {
    const decisions: ApprovalDecision[] = [];
    const t = await started(async (_text, s) => {
      const decision = await s.hooks.approve?.(request);
      if (decision) decisions.push(decision);
    });
    t.controller.send("clean up");
    await waitFor(() => t.state().approvals.length === 1, "the approval");
    const pending = t.state().approvals[0]!;
    const terminal = { rows: 30, columns: 100 };
    approvalKeys(t.controller, pending, "f", key(), terminal);
    expect(t.state().prompt.feedback).toBe("");
    approvalKeys(t.controller, pending, "use make clean", key(), terminal);
    approvalKeys(t.controller, pending, " instead\r", key(), terminal);
    await waitFor(() => decisions.length === 1, "the denial");
    expect(decisions).toEqual([{ kind: "deny", feedback: "use make clean instead" }]);
  });
});
