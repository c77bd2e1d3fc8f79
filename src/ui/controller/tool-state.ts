import { assertNever, type ToolOutput, toolOutputText } from "../../protocol/index.js";
import { printable, shownOutput } from "../../text/index.js";
import type { ToolEvent } from "../../tools/index.js";
import { viewedImageText } from "../../tools/index.js";
import {
  collapseOutput,
  type LiveCall,
  lastLines,
  mcpCallEntry,
  type TranscriptEntryBody,
} from "../model/index.js";
import { append, type UiState, withLive } from "./ui-state.js";

/** Tool calls in the reducer: live while they run, one transcript entry when they finish. */
function setCall(state: UiState, callId: string, call: LiveCall): UiState {
  return withLive(state, { calls: { ...state.live.calls, [callId]: call } });
}

export function updateCall(state: UiState, callId: string, patch: Partial<LiveCall>): UiState {
  const call = state.live.calls[callId] ?? { name: "", reported: false };
  return setCall(state, callId, { ...call, ...patch });
}

export function onToolEvent(state: UiState, event: ToolEvent): UiState {
  switch (event.type) {
    case "command_started":
      return updateCall(state, event.callId, {
        command: { text: event.command, outputTail: "" },
      });
    case "command_output": {
      const call = state.live.calls[event.callId];
      const previous = call?.command?.outputTail ?? "";
      return updateCall(state, event.callId, {
        command: {
          text: call?.command?.text ?? "",
          outputTail: lastLines(previous + event.chunk, 4),
        },
      });
    }
    case "command_finished": {
      // a background terminal ends after its call did: nothing live to update
      const live = state.live.calls[event.callId] !== undefined;
      const reported = live
        ? updateCall(state, event.callId, { reported: true, command: undefined })
        : state;
      const output = shownOutput(event.aggregatedOutput);
      const kept = { ...reported, lastOutput: { command: event.command, output } };
      return append(kept, [
        {
          kind: "command",
          command: event.command,
          exitCode: event.exitCode,
          timedOut: event.timedOut,
          aborted: event.aborted,
          durationMs: event.durationMs,
          ...collapseOutput(output),
        },
      ]);
    }
    case "command_backgrounded":
    case "terminal_interaction":
      return append(updateCall(state, event.callId, { reported: true, command: undefined }), [
        { kind: "notice", level: "info", text: terminalNotice(event) },
      ]);
    case "patch_preview":
      return updateCall(state, event.callId, { patch: event.preview });
    case "patch_applied": {
      const reported = updateCall(state, event.callId, { reported: true, patch: undefined });
      // Denied: the "Denied: patch (…)" line says it all; nothing was attempted.
      if (!event.ok && state.live.calls[event.callId]?.denied) return reported;
      return append(reported, [
        { kind: "patch", ok: event.ok, changes: event.changes, error: event.error },
      ]);
    }
    case "plan_updated": {
      const reported = updateCall(state, event.callId, { reported: true });
      return append(reported, [{ kind: "plan", explanation: event.explanation, plan: event.plan }]);
    }
    case "image_viewed": {
      const reported = updateCall(state, event.callId, { reported: true });
      if (!event.image) {
        return append(reported, [
          { kind: "notice", level: "warning", text: printable(event.error ?? "") },
        ]);
      }
      const text = printable(viewedImageText(event.path, event.image));
      return append(reported, [{ kind: "notice", level: "info", text }]);
    }
    case "mcp_call_started":
      return updateCall(state, event.callId, { name: `${event.server}.${event.tool}` });
    case "mcp_call_finished": {
      const reported = updateCall(state, event.callId, { reported: true });
      return append(reported, [mcpCallEntry(event)]);
    }
    case "agent_call":
      // the agents' own updates tell it; a refused call shows its output when it finishes
      return event.ok ? updateCall(state, event.callId, { reported: true }) : state;
    case "user_input":
      return append(updateCall(state, event.callId, { reported: true }), [answersEntry(event)]);
    default:
      return assertNever(event);
  }
}

/** The model's questions and the person's answers (or that they dismissed them), one line each. */
function answersEntry(event: Extract<ToolEvent, { type: "user_input" }>): TranscriptEntryBody {
  const { answers } = event;
  if (!answers) {
    return {
      kind: "notice",
      level: "info",
      text: "Questions dismissed: the model decides itself.",
    };
  }
  const lines = event.questions.map((q) => {
    const given = answers[q.id]?.answers.join(", ") || "(no answer)";
    return printable(`${q.question} → ${given}`);
  });
  return { kind: "info", title: "The model asked", lines };
}

/** One line (and the last output lines) for a background terminal's start or a write to it. */
function terminalNotice(
  event: Extract<ToolEvent, { type: "command_backgrounded" | "terminal_interaction" }>,
): string {
  if (event.type === "command_backgrounded") {
    return `${printable(event.command)} keeps running as background terminal ${event.sessionId} (/ps lists it, /stop ${event.sessionId} ends it)`;
  }
  const what = event.chars === "" ? "polled" : `wrote ${printable(JSON.stringify(event.chars))}`;
  const ended = event.exitCode === undefined ? "" : ` · exited with code ${event.exitCode}`;
  const output = lastLines(printable(event.output), 4);
  return `terminal ${event.sessionId}: ${what}${ended}${output ? `\n${output}` : ""}`;
}

export function onToolCallFinished(
  state: UiState,
  callId: string,
  name: string,
  output: ToolOutput,
): UiState {
  const call = state.live.calls[callId];
  const { [callId]: _done, ...calls } = state.live.calls;
  const cleared = withLive(state, { calls });
  if (call?.reported) return cleared;
  // The tool never reported (denied, bad arguments, unknown tool): show why in one line.
  const firstLine = toolOutputText(output).split("\n", 1)[0] ?? "";
  return append(cleared, [{ kind: "notice", level: "warning", text: `${name}: ${firstLine}` }]);
}
