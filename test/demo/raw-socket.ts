import WebSocket from "ws";
import type { DemoServer } from "../../src/demo/index.js";
import { toResponseCreateFrame } from "../../src/protocol/request.js";
import { demoRequest } from "./fixtures.js";

export type Frame = Record<string, unknown> & { type: string };

const TERMINAL = new Set(["response.completed", "response.failed", "response.incomplete", "error"]);

/**
 * A bare WebSocket to the demo server that sends `response.create` frames as given (with or
 * without `stream_id`) and hands back each response's frames, routed by the `stream_id` they echo.
 */
export class RawSocket {
  private readonly frames: Frame[] = [];
  private readonly waiters: Array<() => void> = [];

  private constructor(private readonly socket: WebSocket) {
    socket.on("message", (data) => {
      this.frames.push(JSON.parse(data.toString()) as Frame);
      for (const wake of this.waiters.splice(0)) wake();
    });
  }

  static async open(server: DemoServer): Promise<RawSocket> {
    const socket = new WebSocket(`${server.baseUrl.replace("http", "ws")}/responses`);
    await new Promise((resolve, reject) => socket.once("open", resolve).once("error", reject));
    return new RawSocket(socket);
  }

  send(frame: object): void {
    this.socket.send(JSON.stringify(frame));
  }

  /**
   * Send a demo request (plus frame-level fields such as stream_id) and await its frames: those
   * that echo its stream_id, or (`route: "none"`, a server that does not echo) those without one.
   */
  async create(
    input: Parameters<typeof demoRequest>[0],
    extra: Parameters<typeof demoRequest>[1] & Record<string, unknown> = {},
    route: "echo" | "none" = "echo",
  ): Promise<Frame[]> {
    const streamId = route === "echo" ? extra.stream_id : undefined;
    const from = this.frames.length;
    this.send(toResponseCreateFrame(demoRequest(input, extra)));
    return this.until(from, streamId);
  }

  /** Frames from `from` on that belong to `streamId` (none: frames without one), to a terminal one. */
  /** How many frames arrived so far. */
  get received(): number {
    return this.frames.length;
  }

  async until(from: number, streamId: unknown): Promise<Frame[]> {
    for (;;) {
      const mine = this.frames.slice(from).filter((f) => f.stream_id === streamId);
      const end = mine.findIndex((f) => TERMINAL.has(f.type));
      if (end >= 0) return mine.slice(0, end + 1);
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** The first frame from `from` on that matches (waits for it). */
  async waitFor(from: number, match: (frame: Frame) => boolean): Promise<Frame> {
    for (;;) {
      const found = this.frames.slice(from).find(match);
      if (found) return found;
      await new Promise<void>((resolve) => this.waiters.push(resolve));
    }
  }

  /** Every frame from `from` on. */
  since(from: number): Frame[] {
    return this.frames.slice(from);
  }

  close(): void {
    this.socket.terminate();
  }
}

/** The id of a response whose frames end in response.completed. */
export function completedIdOf(frames: Frame[]): string {
  const last = frames.at(-1) as { type: string; response?: { id?: string } } | undefined;
  if (last?.type !== "response.completed" || !last.response?.id) {
    throw new Error(`expected response.completed, got ${JSON.stringify(last)}`);
  }
  return last.response.id;
}

export function errorOf(frames: Frame[]): { code: string | null; param?: string; message: string } {
  const last = frames.at(-1) as { type: string; error?: never } | undefined;
  if (last?.type !== "error" || !last.error)
    throw new Error(`expected an error frame, got ${JSON.stringify(last)}`);
  return last.error;
}

export function cachedTokensOf(frames: Frame[]): number {
  const last = frames.at(-1) as {
    response?: { usage?: { input_tokens_details?: { cached_tokens?: number } } };
  };
  return last.response?.usage?.input_tokens_details?.cached_tokens ?? -1;
}
