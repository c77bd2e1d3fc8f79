import { randomUUID } from "node:crypto";
import { developerMessage, type ResponseItem } from "../protocol/index.js";
import type { SessionOptions } from "../session/index.js";
import type { HookEvent } from "../tools/index.js";
import {
  type HookSetup,
  type HookVerdict,
  hookMatches,
  hookVerdict,
  runHook,
} from "../tools/index.js";

/** The verdicts of every matching hook of one event, merged: any block wins; contexts all kept. */
interface FiredHooks {
  block?: string;
  ask?: string;
  permission?: HookVerdict["permission"];
  contexts: string[];
}

/** The prompt a UserPromptSubmit hook stopped (the turn fails with this; nothing is recorded). */
class PromptBlockedError extends Error {
  override readonly name = "PromptBlockedError";
}

/** Runs a session's hooks at their events (docs/config.md, "Hooks"); a failing hook only warns. */
export class SessionHooks {
  private turnId = "";
  private started = false;

  private readonly setup: HookSetup | undefined;
  private readonly sessionId: string;
  private readonly resumed: boolean;

  constructor(
    options: Pick<SessionOptions, "hooks" | "id" | "restoredHistory">,
    private readonly model: () => string,
    private readonly note: (message: string) => void,
  ) {
    this.setup = options.hooks;
    this.sessionId = options.id;
    this.resumed = options.restoredHistory !== undefined;
  }

  has(event: HookEvent): boolean {
    return this.setup?.handlers.some((handler) => handler.event === event) ?? false;
  }

  /** Every matching hook of the event at once, with its payload on stdin. */
  async fire(
    event: HookEvent,
    fields: Record<string, unknown>,
    signal: AbortSignal,
    tool?: string,
  ): Promise<FiredHooks> {
    const fired: FiredHooks = { contexts: [] };
    const setup = this.setup;
    if (!setup) return fired;
    const matching = setup.handlers.filter((h) => h.event === event && hookMatches(h, tool));
    if (matching.length === 0) return fired;
    const payload = { ...this.payloadBase(event), ...fields };
    const runs = await Promise.all(
      matching.map(async (handler) =>
        hookVerdict(handler, await runHook(handler, payload, { ...setup.run, signal })),
      ),
    );
    for (const verdict of runs) {
      for (const note of verdict.notes) this.note(note);
      if (verdict.context) fired.contexts.push(verdict.context);
      fired.block ??= verdict.block;
      fired.ask ??= verdict.ask;
      if (verdict.permission && fired.permission?.allow !== false)
        fired.permission = verdict.permission;
    }
    if (fired.block) this.note(`${event} hook: ${fired.block}`);
    return fired;
  }

  /**
   * Before a user message is recorded: SessionStart on the first turn, then UserPromptSubmit.
   * Returns the context items to append after the message; throws PromptBlockedError.
   */
  async promptSubmitted(prompt: string, signal: AbortSignal): Promise<ResponseItem[]> {
    this.turnId = randomUUID();
    const contexts: string[] = [];
    if (!this.started) {
      this.started = true;
      const source = this.resumed ? "resume" : "startup";
      contexts.push(...(await this.fire("SessionStart", { source }, signal)).contexts);
    }
    const submitted = await this.fire("UserPromptSubmit", { turn_id: this.turnId, prompt }, signal);
    if (submitted.block)
      throw new PromptBlockedError(`UserPromptSubmit hook blocked the prompt: ${submitted.block}`);
    return [...contexts, ...submitted.contexts].map(developerMessage);
  }

  /** After the model's last answer of the turn: a Stop hook's block reason, when it asks to go on. */
  async stopped(
    lastMessage: string | undefined,
    active: boolean,
    signal: AbortSignal,
  ): Promise<string | undefined> {
    const fields = {
      turn_id: this.turnId,
      stop_hook_active: active,
      last_assistant_message: lastMessage ?? null,
    };
    return (await this.fire("Stop", fields, signal)).block;
  }

  /** Before history becomes a summary (`trigger`: manual for /compact, auto past the limit). */
  async compacting(auto: boolean, signal: AbortSignal): Promise<void> {
    await this.fire(
      "PreCompact",
      { turn_id: this.turnId, trigger: auto ? "auto" : "manual" },
      signal,
    );
  }

  /** The turn's id for tool payloads. */
  get currentTurnId(): string {
    return this.turnId;
  }

  private payloadBase(event: HookEvent) {
    return {
      session_id: this.sessionId,
      transcript_path: this.setup?.transcriptPath ?? null,
      cwd: this.setup?.run.cwd,
      hook_event_name: event,
      model: this.model(),
      permission_mode: this.setup?.permissionMode,
    };
  }
}

/** What the tool-call pipeline needs of the session's hooks (src/turn/tool-calls/hook-stage.ts). */
export type ToolCallHooks = Pick<SessionHooks, "has" | "fire" | "currentTurnId">;
