import type { HookEvent, HookHandler } from "./hook-config.js";
import type { HookRun } from "./hook-run.js";

/** What one hook's answer means for the turn (Codex semantics; docs/config.md, "Hooks"). */
export interface HookVerdict {
  /** The action is stopped with this reason: the prompt, the tool call, or (Stop) the turn goes on. */
  block?: string;
  /** PreToolUse `permissionDecision: "ask"`: the person is asked (Codex refuses this answer). */
  ask?: string;
  /** PermissionRequest: approved or denied instead of asking the person. */
  permission?: { allow: true } | { allow: false; message: string };
  /** Extra context for the model. */
  context?: string;
  /** What the person should read: a failure, a block, a `systemMessage`. */
  notes: string[];
}

type Json = Record<string, unknown>;
const isObject = (value: unknown): value is Json =>
  typeof value === "object" && value !== null && !Array.isArray(value);
const text = (value: unknown) =>
  typeof value === "string" && value.trim() !== "" ? value.trim() : undefined;

/** Events whose plain (non-JSON) stdout is context for the model. */
const PLAIN_CONTEXT = new Set<HookEvent>(["SessionStart", "UserPromptSubmit"]);

function fromJson(event: HookEvent, answer: Json, verdict: HookVerdict): void {
  const specific = isObject(answer.hookSpecificOutput) ? answer.hookSpecificOutput : {};
  const context = text(specific.additionalContext);
  if (context) verdict.context = context;
  const system = text(answer.systemMessage);
  if (system) verdict.notes.push(system);
  if (answer.continue === false)
    verdict.block = text(answer.stopReason) ?? `${event} hook stopped it`;
  if (answer.decision === "block") {
    const reason = text(answer.reason);
    if (reason) verdict.block = reason;
    else verdict.notes.push(`${event} hook returned decision:block without a reason (ignored)`);
  }
  if (event === "PreToolUse") {
    const reason = text(specific.permissionDecisionReason);
    if (specific.permissionDecision === "deny")
      verdict.block = reason ?? "denied by a PreToolUse hook";
    if (specific.permissionDecision === "ask") verdict.ask = reason ?? "a PreToolUse hook asks";
  }
  if (event === "PermissionRequest" && isObject(specific.decision)) {
    const { behavior, message } = specific.decision;
    if (behavior === "allow") verdict.permission = { allow: true };
    if (behavior === "deny") {
      verdict.permission = {
        allow: false,
        message: text(message) ?? "PermissionRequest hook denied approval",
      };
    }
  }
}

/** Read one hook run: exit 0 with JSON or text, exit 2 with a reason on stderr, anything else a failure. */
export function hookVerdict(handler: HookHandler, run: HookRun): HookVerdict {
  const { event } = handler;
  const verdict: HookVerdict = { notes: run.trustNote ? [run.trustNote] : [] };
  if (run.skipped) {
    verdict.notes.push(run.skipped);
    return verdict;
  }
  const failed = (why: string) => {
    verdict.notes.push(`${event} hook \`${handler.command}\` ${why}; the turn goes on`);
    return verdict;
  };
  if (run.failure) return failed(run.failure);
  if (run.exitCode === 2) {
    const reason = text(run.stderr);
    if (!reason) return failed("exited with code 2 without a reason on stderr");
    if (event === "PermissionRequest") verdict.permission = { allow: false, message: reason };
    else verdict.block = reason;
    return verdict;
  }
  if (run.exitCode !== 0) {
    const detail = text(run.stderr)?.split("\n")[0];
    return failed(`exited with code ${run.exitCode}${detail ? ` (${detail})` : ""}`);
  }
  const stdout = run.stdout.trim();
  if (stdout === "") return verdict;
  let answer: unknown;
  try {
    answer = JSON.parse(stdout);
  } catch {
    if (/^[[{]/.test(stdout)) return failed("printed invalid JSON");
    if (PLAIN_CONTEXT.has(event)) verdict.context = stdout;
    return verdict;
  }
  if (!isObject(answer)) return failed("printed JSON that is not an object");
  fromJson(event, answer, verdict);
  return verdict;
}
