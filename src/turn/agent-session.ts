import { lookupModel } from "../models/index.js";
import type { ToolOutput } from "../protocol/index.js";
import {
  type MessageImage,
  messageText,
  type ResponseItem,
  userMessage,
} from "../protocol/index.js";
import type {
  AgentSession,
  CollaborationMode,
  SessionEventListener,
  SessionOptions,
  SessionRewinds,
  SessionSettings,
  SessionStatus,
  SteerReceipt,
  TurnResult,
  UnsteerResult,
} from "../session/index.js";
import { leadingContext, settledEffort, skillMentionItems } from "../session/index.js";
import { runHookedTurn } from "./hooked-turn.js";
import { beginModelTurn } from "./model-wire.js";
import type { SessionTransports } from "./request-path.js";
import { SessionParts } from "./session-parts.js";
import { sessionStatus } from "./session-status.js";
import { runUserShellTurn } from "./user-shell.js";

/** How long close() waits for an interrupted turn to record its outputs (a shell kill's grace fits). */
const CLOSE_UNWIND_MS = 1_500;

/** Create the session the TUI, exec and the tests drive (src/session/api.ts). */
export function createSession(
  options: SessionOptions,
  transports: SessionTransports = {},
): Session {
  return new Session(options, transports);
}

export class Session extends SessionParts implements AgentSession {
  subscribe(listener: SessionEventListener): () => void {
    return this.recorder.subscribe(listener);
  }

  /** One user turn; `images` are data URLs sent as `input_image` parts of the message. */
  async send(input: string, images: readonly (string | MessageImage)[] = []): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      let at: number | undefined;
      this.tools.showWarnings();
      this.tools.beginTurn();
      this.compactor.beginTurn();
      // open before the warm-up wait: Enter while the warm-up runs steers this turn
      this.steering.begin();
      try {
        if (this.options.warmup) void this.warmup.ensure(this.lifetime.signal);
        await this.warmup.settled(signal); // an interrupt ends this wait (the warm-up's signal is not the turn's)
        const hookContext = await this.hooks.promptSubmitted(input, signal);
        const early = this.steering.take(); // arrived during the warm-up: right after the message
        const opening = [
          ...beginModelTurn(this.model, this.wireHistory, {
            ...this.settings,
            instructions: this.options.instructions,
            tools: this.tools.offered,
          }),
          ...this.settingsNote.take(this.conversation.items),
        ];
        // the mode's instructions when the history last told another mode (never `instructions`)
        opening.push(...this.modeUpdate([...this.conversation.items, ...opening]));
        const message = userMessage(input, images);
        at = this.conversation.items.length + opening.length;
        await this.checkpoints.beforeTurn(at, messageText(message) ?? input);
        this.conversation.append([
          ...opening,
          message,
          ...skillMentionItems(input, this.knowledge?.skills ?? []),
          ...hookContext,
          ...early,
        ]);
        const context = this.turnContext(turn, signal);
        return await runHookedTurn(this.hooks, {
          ...context,
          beforeSample: () => {
            // a goal's turn stops before a request that would pass its budget
            this.goals?.beforeRequest();
            this.conversation.append(this.model.effortUpdate(this.history(), this.settings));
            return this.compactor.compactIfOver(context);
          },
          takeSteering: () => this.steering.take(),
        });
      } finally {
        const untaken = this.steering.end();
        if (untaken.length > 0) this.conversation.append(untaken);
        if (signal.aborted) this.lanes.interrupted(this.client.lastLane);
        if (at !== undefined) await this.checkpoints.afterTurn(at);
      }
    });
  }

  /**
   * `!command`: run it with the shell tool under the session's sandbox (the person typed it:
   * no approval), show it like any command, and keep it as context for the next message.
   */
  async runUserShell(command: string): Promise<TurnResult> {
    return this.turns.run((turn, signal) =>
      runUserShellTurn(command, this.turnContext(turn, signal)),
    );
  }

  async compact(): Promise<TurnResult> {
    return this.turns.run(async (turn, signal) => {
      await this.warmup.settled(signal); // one request at a time on the chain
      this.tools.beginTurn();
      this.conversation.append(this.settingsNote.take(this.conversation.items));
      const { summary, usage } = await this.compactor.summarize(
        this.turnContext(turn, signal),
        "manual",
      );
      return { usage, ...(summary === undefined ? {} : { lastMessage: summary }) };
    });
  }

  steer(text: string, images: readonly MessageImage[] = []): SteerReceipt | undefined {
    return this.steering.offer(text, images);
  }

  unsteer(id: string): UnsteerResult {
    return this.steering.withdraw(id);
  }

  /** Esc: the running turn and every subagent stop; a goal's turn pauses its goal. */
  abort(): void {
    this.goals?.interrupted();
    this.turns.abort();
    this.agents?.interruptAll();
  }

  update(partial: Partial<SessionSettings>): void {
    const before = this.settings;
    this.settings = { ...this.settings, ...partial };
    if (this.mode === "plan") {
      // in Plan mode /effort sets Plan mode's effort; a new model keeps Default's if it takes it
      if ("effort" in partial) this.planEffort = partial.effort;
      if (partial.model !== undefined && partial.model !== before.model)
        this.defaultEffort = settledEffort(lookupModel(partial.model), this.defaultEffort);
    }
    this.settingsChanged(before);
    this.announceSettings();
  }

  setMode(mode: CollaborationMode): void {
    if (mode === this.mode) return;
    const before = this.settings;
    const { effort, note } = this.modeEffort(mode);
    this.defaultEffort = mode === "plan" ? this.settings.effort : undefined;
    this.mode = mode;
    const { effort: _was, ...rest } = this.settings;
    this.settings = effort ? { ...rest, effort } : rest;
    if (note) this.emit({ type: "warning", message: note });
    // the effort changes as /effort changes it: in-band, or on its lane
    this.settingsChanged(before);
    this.announceSettings();
  }

  async prepare(): Promise<void> {
    this.opened();
    await this.warmup.ensure(this.lifetime.signal);
  }

  opened(): void {
    this.tools.showWarnings();
  }

  rules() {
    return this.options.rules;
  }

  mcpServers() {
    return this.options.mcp?.status() ?? [];
  }

  get terminals() {
    return this.options.terminals;
  }

  get goal() {
    return this.goals;
  }

  status(): SessionStatus {
    const status = sessionStatus({
      sessionId: this.id,
      provider: this.options.provider,
      client: this.client,
      lanes: this.lanes,
      settings: this.settings,
      inBand: this.model.inBand(this.settings.model),
      totals: this.recorder.totals.snapshot(),
      planUsage: this.recorder.planUsage(),
      next: () => this.nextRequest(),
    });
    const withMode = { ...status, mode: this.mode };
    return this.agents ? { ...withMode, agents: this.agents.views() } : withMode;
  }

  /** /new: back to the initial context; the next request is `epoch_reset:new`. */
  newConversation(): void {
    this.replaceHistory(leadingContext(this.conversation.items), "new");
  }

  /** Edit an earlier item (the next request is full: `prefix_mismatch@<index>`). */
  replaceHistoryItem(index: number, item: ResponseItem): void {
    this.conversation.replaceAt(index, item);
  }

  /** Drop items from `length` on (undo); the next request is full: `input_shorter`. */
  truncateHistory(length: number): void {
    this.conversation.truncate(length);
  }

  rewinds(): SessionRewinds {
    return this.checkpoints;
  }

  /** A tool re-rendered a finished output; the model keeps seeing the frozen text. */
  rerenderToolOutput(callId: string, output: ToolOutput): boolean {
    return this.conversation.log.replaceToolOutput(callId, output);
  }

  /** Stop the turn and wait (bounded) for its outputs before the session file is let go. */
  async close(): Promise<void> {
    this.lifetime.abort();
    await Promise.all([this.turns.stop(CLOSE_UNWIND_MS), this.agents?.closeAll(CLOSE_UNWIND_MS)]);
    // background terminals end with the session (each reports its end as command_finished)
    await this.options.terminals?.stopAll();
    this.tools.close();
    this.client.close();
    this.conversation.close();
  }

  /** What the turn loop, the tool-call pipeline, compaction and `!command` of turn `turn` work with. */
}
