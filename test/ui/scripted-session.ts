import type { MessageImage } from "../../src/protocol/items.js";
import type {
  AgentSession,
  SessionStatus,
  SteerReceipt,
  TurnResult,
  UnsteerResult,
} from "../../src/session/api.js";
import type { NextRequestPreview, SessionEvent } from "../../src/session/events.js";
import type { RequestStarted } from "../../src/session/ledger/request-facts.js";
import type { SessionSettings } from "../../src/session/wire/session-settings.js";
import type { TuiSessionHooks } from "../../src/ui/contract.js";

/**
 * A stand-in for the session API for component tests only: each send() plays a script of
 * SessionEvents. Integration tests use the real session against the demo server.
 */
export type Script = (text: string, session: ScriptedSession) => Promise<void>;

export class ScriptedSession implements AgentSession {
  readonly id = "sess_test";
  readonly sent: string[] = [];
  /** Messages steered into a running turn (Enter while busy). */
  readonly steered: string[] = [];
  private readonly steerIds: string[] = [];
  /** The images each send() / steer() carried, in order (data URLs with their text offsets). */
  readonly sentImages: (readonly (string | MessageImage)[])[] = [];
  readonly steeredImages: (readonly MessageImage[])[] = [];
  private running = false;
  aborted = 0;
  closed = false;
  private listeners = new Set<(event: SessionEvent) => void>();
  private settings: SessionSettings = { model: "demo-model", effort: "medium" };
  private next: NextRequestPreview = { mode: "incremental" };
  private seq = 0;
  private abortController = new AbortController();

  constructor(
    readonly hooks: TuiSessionHooks,
    private readonly script: Script,
  ) {}

  emit(event: SessionEvent): void {
    for (const listener of this.listeners) listener(event);
  }

  get signal(): AbortSignal {
    return this.abortController.signal;
  }

  request(mode: RequestStarted["mode"], reason?: string): RequestStarted {
    this.seq += 1;
    return {
      seq: this.seq,
      turn: 1,
      transport: mode === "http_full" ? "http" : "ws",
      mode,
      reason,
      lane: "default",
      previousResponseIdPresent: mode === "ws_incremental",
      model: this.settings.model,
      effort: this.settings.effort,
      itemsTotal: 4,
      itemsSent: mode === "ws_incremental" ? 1 : 4,
      bytesSent: 100,
      warmup: false,
    };
  }

  /** A typical completed sampling request with the given streamed answer. */
  async answer(text: string, mode: RequestStarted["mode"] = "ws_incremental", reason?: string) {
    const started = this.request(mode, reason);
    this.emit({ type: "request_started", request: started });
    for (let i = 0; i < text.length; i += 5) {
      this.emit({ type: "text_delta", itemId: "msg_1", delta: text.slice(i, i + 5) });
      await new Promise((resolve) => setImmediate(resolve));
    }
    this.emit({
      type: "item_completed",
      item: {
        type: "message",
        role: "assistant",
        id: "msg_1",
        content: [{ type: "output_text", text }],
      },
    });
    this.emit({
      type: "request_finished",
      request: {
        ...started,
        outcome: "completed",
        responseId: `resp_${this.seq}`,
        msTotal: 5,
        usage: { input_tokens: 2000, cached_tokens: 1536, output_tokens: 40, reasoning_tokens: 0 },
      },
    });
  }

  async send(input: string, images: readonly (string | MessageImage)[] = []): Promise<TurnResult> {
    this.sent.push(input);
    this.sentImages.push(images);
    this.abortController = new AbortController();
    this.emit({ type: "turn_started", turn: this.sent.length });
    this.running = true;
    try {
      await this.script(input, this);
    } finally {
      this.running = false;
    }
    if (this.abortController.signal.aborted) {
      this.emit({ type: "turn_failed", turn: this.sent.length, message: "aborted", aborted: true });
      return { ok: false, aborted: true };
    }
    const usage = {
      input_tokens: 2000,
      cached_tokens: 1536,
      output_tokens: 40,
      reasoning_tokens: 0,
    };
    this.emit({ type: "turn_completed", turn: this.sent.length, usage });
    this.next = { mode: "incremental" };
    return { ok: true, aborted: false };
  }

  subscribe(listener: (event: SessionEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  steer(text: string, images: readonly MessageImage[] = []): SteerReceipt | undefined {
    if (!this.running) return undefined;
    this.steered.push(text);
    this.steeredImages.push(images);
    this.steerIds.push(`steer-${this.steerIds.length + 1}`);
    return { id: this.steerIds.at(-1) ?? "", state: "waiting" };
  }

  /** Takes back steer `id` while the turn runs (the script never carries steers itself). */
  unsteer(id: string): UnsteerResult {
    const at = this.steerIds.indexOf(id);
    if (!this.running || at < 0) return "sent";
    this.steerIds.splice(at, 1);
    this.steered.splice(at, 1);
    this.steeredImages.splice(at, 1);
    return "withdrawn";
  }

  abort(): void {
    this.aborted += 1;
    this.abortController.abort();
  }

  update(settings: Partial<SessionSettings>): void {
    const changed = settings.effort !== undefined && settings.effort !== this.settings.effort;
    this.settings = { ...this.settings, ...settings };
    if (changed) this.next = { mode: "full", reason: "properties_changed:reasoning" };
    this.emit({
      type: "settings_changed",
      model: this.settings.model,
      effort: this.settings.effort,
      next: this.next,
    });
  }

  async compact(): Promise<TurnResult> {
    return { ok: true, aborted: false };
  }

  /** `!command`s the person ran, in order. */
  readonly shellCommands: string[] = [];

  async runUserShell(command: string): Promise<TurnResult> {
    this.shellCommands.push(command);
    return { ok: true, aborted: false };
  }

  async prepare(): Promise<void> {}

  status(): SessionStatus {
    return {
      sessionId: this.id,
      providerId: "demo",
      baseUrl: "http://127.0.0.1:1/v1",
      transport: "ws",
      lane: "default",
      laneTransport: "stream_id",
      lanes: [{ label: "default", requests: this.seq }],
      model: this.settings.model,
      modelSource: "bundled",
      effort: this.settings.effort,
      effortChanges: "lanes",
      costDisplay: "dollars",
      totals: {
        requests: this.seq,
        incrementalRequests: 1,
        inputTokens: 4000,
        cachedTokens: 3072,
        outputTokens: 80,
        cost: { usd: 0, missUsd: 0, savedUsd: 0, byModel: {}, unpriced: [this.settings.model] },
      },
      next: this.next,
    };
  }

  history() {
    return [];
  }

  async close(): Promise<void> {
    this.closed = true;
  }
}
