import { ToolError } from "../errors.js";
import { ExecProcess } from "./exec-process.js";
import type { StartedProcess } from "./spawn.js";
import type { TerminalScreen } from "./terminal-screen.js";

/** At most this many processes run at once (as the Codex CLI). */
const MAX_RUNNING = 64;

/** One running process, as /ps lists it. */
interface TerminalSummary {
  id: number;
  command: string;
  ageMs: number;
  /** The last line with text on the terminal. */
  lastLine: string;
  /** CPU seconds of the process and its children so far. */
  cpuSeconds: number;
}

/** What the front ends read and do about background terminals (the engine owns them). */
export interface BackgroundTerminalsView {
  /** The running ones, oldest first. */
  list(): TerminalSummary[];
  /** Everything one kept on its terminal (undefined: no such id). */
  transcript(id: number): Promise<string | undefined>;
  /** End one (TERM, then KILL): false when no such process runs. */
  stop(id: number): Promise<boolean>;
  /** End every one; resolves with how many were running. */
  stopAll(): Promise<number>;
  /** Called when one starts or ends. */
  onChange(listener: () => void): () => void;
}

/** The session's exec_command processes, by session id (1, 2, …). */
export class BackgroundTerminals implements BackgroundTerminalsView {
  private readonly processes = new Map<number, ExecProcess>();
  private readonly listeners = new Set<() => void>();
  private nextId = 1;

  add(command: string, child: StartedProcess, screen: TerminalScreen, wrapped: boolean) {
    if (this.running().length >= MAX_RUNNING) {
      throw new ToolError(
        `too many processes running (${MAX_RUNNING}): end one first (write_stdin "\\u0003" or "exit\\n")`,
      );
    }
    this.pruneEnded();
    const process = new ExecProcess(this.nextId++, command, child, screen, wrapped);
    this.processes.set(process.id, process);
    void process.whenExited().then(() => this.changed());
    this.changed();
    return process;
  }

  get(id: number): ExecProcess | undefined {
    return this.processes.get(id);
  }

  /** Forget an ended process whose last output the model has read. */
  forget(id: number): void {
    this.processes.get(id)?.dispose();
    this.processes.delete(id);
  }

  running(): ExecProcess[] {
    return [...this.processes.values()].filter((process) => process.running);
  }

  list(): TerminalSummary[] {
    const now = Date.now();
    return this.running().map((process) => ({
      id: process.id,
      command: process.command,
      ageMs: now - process.startedAt,
      lastLine: process.lastLine(),
      cpuSeconds: process.cpuSeconds(),
    }));
  }

  async transcript(id: number): Promise<string | undefined> {
    return this.processes.get(id)?.transcript();
  }

  async stop(id: number): Promise<boolean> {
    const process = this.processes.get(id);
    if (!process?.running) return false;
    await process.stop();
    return true;
  }

  async stopAll(): Promise<number> {
    const running = this.running();
    await Promise.all(running.map((process) => process.stop()));
    return running.length;
  }

  onChange(listener: () => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  private changed(): void {
    for (const listener of this.listeners) listener();
  }

  /** Ended processes nobody read to the end are kept, but not without bound. */
  private pruneEnded(): void {
    const ended = [...this.processes.values()].filter((process) => !process.running);
    for (const process of ended.slice(0, Math.max(0, ended.length - MAX_RUNNING))) {
      this.forget(process.id);
    }
  }
}
