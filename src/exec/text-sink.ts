import { assertNever, assistantText, reasoningText } from "../protocol/index.js";
import type { SessionEvent } from "../session/index.js";
import {
  describeAgent,
  describeDiagnosis,
  goalChangeText,
  isFinalStatus,
} from "../session/index.js";
import { printable, shownOutput } from "../text/index.js";
import type { ToolEvent } from "../tools/index.js";
import { viewedImageText } from "../tools/index.js";
import { compactionNotice } from "../turn/index.js";

const MAX_OUTPUT_LINES = 12;

/** The first line of a text, marked when more followed. */
function firstLine(text: string): string {
  const [first = "", ...rest] = text.split("\n");
  return rest.length > 0 ? `${first} …` : first;
}

function tail(text: string, lines: number): string[] {
  const all = text.replace(/\n$/, "").split("\n");
  if (all.length <= lines) return all;
  return [`… (${all.length - lines} earlier lines)`, ...all.slice(-lines)];
}

/**
 * Text mode of exec: progress lines for stderr. An agent message is held back until
 * something follows it, so the final answer goes to stdout alone (the caller prints it).
 */
export class TextProgress {
  private pendingMessage: string | undefined;
  /** The last turn's answer, not printed (the final one is stdout's). */
  private answered: string | undefined;

  constructor(private readonly write: (line: string) => void) {}

  handle(event: SessionEvent): void {
    switch (event.type) {
      case "item_completed": {
        const text = assistantText(event.item);
        if (text !== undefined) {
          this.flushMessage();
          this.pendingMessage = text;
          return;
        }
        if (event.item.type === "reasoning") {
          const summary = reasoningText(event.item);
          if (summary) this.line(`thinking: ${summary}`);
        }
        return;
      }
      case "request_finished": {
        const r = event.request;
        if (r.warmup) return;
        const miss = describeDiagnosis(r.cache?.diagnosis, r.cache?.sharedPrefix?.seq);
        const cached = r.usage
          ? `, cached ${r.usage.cached_tokens}/${r.usage.input_tokens} tokens${miss ? ` (${miss})` : ""}`
          : "";
        const why = r.reason ? ` (${r.reason})` : "";
        this.line(
          `[request ${r.seq}] ${r.mode}${why}, sent ${r.itemsSent}/${r.itemsTotal} items${cached}, ${r.outcome}`,
        );
        return;
      }
      case "tool":
        this.flushMessage();
        this.tool(event.event);
        return;
      case "warning":
        this.line(`warning: ${event.message}`);
        return;
      case "compacted":
        this.flushMessage();
        this.line(compactionNotice(event));
        return;
      case "turn_failed":
        this.flushMessage();
        this.line(event.aborted ? "interrupted" : `error: ${event.message}`);
        return;
      case "turn_completed":
        // the caller prints the final answer; a goal's earlier ones show when the next turn starts
        this.answered = this.pendingMessage ?? event.lastMessage;
        this.pendingMessage = undefined;
        return;
      case "goal_updated": {
        const { goal, change } = event;
        if (change === "turn" && this.answered !== undefined) {
          this.line(printable(this.answered));
          this.answered = undefined;
        }
        // how it ended is said once, after its last turn (run-exec.ts)
        if (change === "stopped" || change === "paused" || change === "reported") return;
        const line = goal ? goalChangeText(change, goal) : undefined;
        if (line) this.line(printable(line));
        return;
      }
      case "turn_started":
      case "request_started":
      case "text_delta":
      case "reasoning_delta":
      case "tool_call_started":
      case "tool_call_finished":
      case "tool_call_state":
        return;
      case "agent_update":
        // a subagent's end, once: what it said (its figures are the exit bill's)
        if (isFinalStatus(event.agent.status) && event.agent.status !== "shutdown") {
          this.line(printable(firstLine(describeAgent(event.agent))));
        }
        return;
      case "settings_changed":
      case "steer_state":
        return;
      default:
        assertNever(event);
    }
  }

  private tool(event: ToolEvent): void {
    switch (event.type) {
      case "command_started":
        this.line(`$ ${event.command}`);
        return;
      case "command_finished": {
        this.outputTail(event.aggregatedOutput);
        const status = event.timedOut
          ? "timed out"
          : event.aborted
            ? "aborted"
            : `exit ${event.exitCode}`;
        this.line(`  (${status}, ${(event.durationMs / 1000).toFixed(1)} s)`);
        return;
      }
      case "patch_applied":
        if (!event.ok) {
          this.line(`patch failed: ${event.error ?? "unknown error"}`);
          return;
        }
        this.line("patch applied:");
        for (const change of event.changes) {
          const letter = change.kind === "add" ? "A" : change.kind === "delete" ? "D" : "M";
          this.line(
            `  ${letter} ${change.movePath ? `${change.path} -> ${change.movePath}` : change.path}`,
          );
        }
        return;
      case "plan_updated":
        this.line("plan:");
        for (const step of event.plan) {
          const mark =
            step.status === "completed" ? "[x]" : step.status === "in_progress" ? "[>]" : "[ ]";
          this.line(`  ${mark} ${step.step}`);
        }
        return;
      case "mcp_call_finished": {
        const outcome = event.error === undefined ? "ok" : `failed: ${event.error}`;
        this.line(`mcp ${event.server}.${event.tool}(${JSON.stringify(event.arguments)})`);
        // what the model read: text, images as their labels; never their bytes
        this.outputTail(event.modelText ?? "");
        this.line(`  (${outcome}, ${(event.durationMs / 1000).toFixed(1)} s)`);
        return;
      }
      case "image_viewed":
        this.line(
          event.image
            ? printable(viewedImageText(event.path, event.image))
            : printable(event.error ?? ""),
        );
        return;
      case "command_backgrounded":
        this.line(`  (running in the background as session ${event.sessionId})`);
        return;
      case "terminal_interaction": {
        const what = event.chars === "" ? "poll" : `write ${JSON.stringify(event.chars)}`;
        this.line(`session ${event.sessionId}: ${printable(what)}`);
        this.outputTail(event.output);
        return;
      }
      case "agent_call":
        if (event.phase === "started" && event.tool === "spawn_agent" && event.prompt) {
          this.line(printable(firstLine(`spawn_agent: ${event.prompt}`)));
        }
        return;
      case "command_output":
      case "patch_preview":
      case "mcp_call_started":
      // exec has nobody to ask: request_user_input is refused before it asks
      case "user_input":
        return;
      default:
        assertNever(event);
    }
  }

  /** The last lines of an output as a terminal would leave them: no escape reaches it raw. */
  private outputTail(output: string): void {
    for (const out of tail(shownOutput(output), MAX_OUTPUT_LINES)) {
      if (out !== "") this.line(`  ${out}`);
    }
  }

  private flushMessage(): void {
    if (this.pendingMessage !== undefined) this.line(this.pendingMessage);
    this.pendingMessage = undefined;
  }

  /** Every progress line is made printable, as the TUI does: text from the model, a command or a file. */
  private line(text: string): void {
    this.write(`${printable(text)}\n`);
  }
}
