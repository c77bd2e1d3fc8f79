import { randomUUID } from "node:crypto";
import type { ToolOutput } from "../../protocol/index.js";
import { type ResponseItem, userMessage } from "../../protocol/index.js";
import type { AgentLimits } from "../../session/index.js";
import { isFinalStatus } from "../../session/index.js";
import type { ToolContext, ToolRouter } from "../../tools/index.js";
import { withTools } from "../../tools/index.js";
import { agentCall, agentStates, refusal } from "./agent-calls.js";
import type { AgentHost } from "./agent-host.js";
import { budgetSpent, spendOf, statusForModel, waitTimeoutMs } from "./agent-limits.js";
import { type AgentControl, agentTools, messageOf } from "./agent-tools.js";
import type { ChildAgent, ForkSource } from "./child-agent.js";
import { prepareChild } from "./spawn-child.js";

/** A turn a child waits to run: its first (the task is in its history) or a follow-up. */
interface WaitingTurn {
  child: ChildAgent;
  input: ResponseItem[];
  /** Resolves once the turn's first request went out (or it ended, or was dropped). */
  started: () => void;
}

/**
 * The subagents of one session (docs/architecture.md, "Subagents"): the four tools for each
 * caller, at most `maxThreads` turns at once (the rest wait in order), the depth limit, the
 * budget, and stopping them all (Esc, close).
 */
export class AgentManager {
  private readonly children = new Map<string, ChildAgent>();
  private readonly waiting: WaitingTurn[] = [];
  private readonly running = new Set<ChildAgent>();
  private readonly listeners = new Set<() => void>();
  private spawned = 0;

  constructor(
    private readonly host: AgentHost,
    readonly limits: AgentLimits,
  ) {}

  /** The tools' work for `source` (the session, or a child spawning its own). */
  control(source: ForkSource): AgentControl {
    return {
      spawn: (args, ctx) => this.spawn(source, args, ctx),
      send: (args, ctx) => this.send(args, ctx),
      wait: (args, ctx) => this.wait(args, ctx),
      close: (args, ctx) => this.close(args.target, ctx),
    };
  }

  /** One tool table for `source`: its tools, then the four subagent tools bound to it as the spawner. */
  routerFor(source: ForkSource): ToolRouter {
    return withTools(source.tools, agentTools(this.control(source)));
  }

  /** Every subagent of the session, in spawn order. */
  views() {
    return [...this.children.values()].map((child) => child.snapshot());
  }

  /**
   * What the budget already holds: what children spent, plus the predicted first request of
   * each child whose first request has not finished yet (spawned together, they all count).
   */
  private committed() {
    const spent = spendOf(this.views());
    for (const child of this.children.values()) {
      const view = child.snapshot();
      const first = child.firstForecast;
      if (view.requests > 0 || isFinalStatus(view.status) || !first) continue;
      spent.tokens += first.inputTokens + first.outputTokens;
      spent.usd += first.usd ?? 0;
    }
    return spent;
  }

  /** Throws when the budget is spent (before a child's request). */
  checkBudget(): void {
    const spent = budgetSpent(this.limits, spendOf(this.views()));
    if (spent) throw new Error(spent);
  }

  /** Esc: every running child stops, every waiting turn is dropped. */
  interruptAll(): void {
    for (const turn of this.waiting.splice(0)) {
      turn.started();
      if (turn.child.status === "pending_init") turn.child.setStatus("interrupted");
    }
    for (const child of this.running) child.interrupt();
    this.changed();
  }

  /** The session closes: stop them all and wait (bounded) for their turns to unwind. */
  async closeAll(withinMs: number): Promise<void> {
    this.interruptAll();
    const unwound = new Promise<void>((resolve) => {
      const check = () => {
        if (this.running.size === 0) resolve();
      };
      this.listeners.add(check);
      check();
    });
    await Promise.race([unwound, new Promise((resolve) => setTimeout(resolve, withinMs))]);
    for (const child of this.children.values()) child.close();
  }

  private async spawn(
    source: ForkSource,
    args: Parameters<AgentControl["spawn"]>[0],
    ctx: ToolContext,
  ): Promise<ToolOutput> {
    const task = messageOf(args);
    const prepared = prepareChild({
      host: this.host,
      limits: this.limits,
      source,
      args,
      task,
      callId: ctx.callId,
      id: randomUUID(),
      name: `${agentKind(args.agent_type)}-${this.spawned + 1}`,
      spent: this.committed(),
      router: (child) => this.routerFor(child),
    });
    if ("refused" in prepared) return refusal(ctx, "spawn_agent", prepared.refused, task);
    const { child, note } = prepared;
    this.spawned += 1;
    this.children.set(child.id, child);
    ctx.emit(agentCall(ctx.callId, "started", "spawn_agent", [child.id], task));
    child.setStatus("pending_init");
    const started = this.enqueue(child, []);
    const queued = !this.running.has(child);
    // a fork's first request goes out before the parent goes on: its head is still the lane's
    // latest. A queued one does not hold the parent up (it forks from where the parent is then)
    if (!queued) await started;
    ctx.emit(
      agentCall(ctx.callId, "finished", "spawn_agent", [child.id], task, agentStates([child])),
    );
    return JSON.stringify({
      agent_id: child.id,
      nickname: child.spec.owner.name,
      ...(queued
        ? {
            status: "pending_init",
            note: `${this.running.size} agents are running ([agents] max_threads = ${this.limits.maxThreads}): it starts when one finishes`,
          }
        : {}),
      ...(note ? { first_request: note } : {}),
    });
  }

  private async send(args: Parameters<AgentControl["send"]>[0], ctx: ToolContext) {
    const message = messageOf(args);
    const child = this.children.get(args.target);
    if (!child) return refusal(ctx, "send_input", `send_input: no agent ${args.target}`, message);
    if (child.status === "shutdown") {
      return refusal(ctx, "send_input", `send_input: agent ${args.target} is closed`, message);
    }
    if (!message) return refusal(ctx, "send_input", "send_input needs a message", message);
    ctx.emit(agentCall(ctx.callId, "started", "send_input", [child.id], message));
    if (args.interrupt) child.interrupt();
    void this.enqueue(child, [userMessage(message)], args.interrupt === true);
    ctx.emit(
      agentCall(ctx.callId, "finished", "send_input", [child.id], message, agentStates([child])),
    );
    return JSON.stringify({ submission_id: randomUUID() });
  }

  private async wait(args: Parameters<AgentControl["wait"]>[0], ctx: ToolContext) {
    const targets = [...new Set(args.targets)];
    ctx.emit(agentCall(ctx.callId, "started", "wait_agent", targets));
    const finals = await this.untilFinal(targets, waitTimeoutMs(args.timeout_ms), ctx.signal);
    const status: Record<string, unknown> = {};
    for (const id of finals) {
      const child = this.children.get(id);
      status[id] = child ? statusForModel(child.status, child.snapshot()) : "not_found";
    }
    const addressed = targets.flatMap((id) => this.children.get(id) ?? []);
    ctx.emit(
      agentCall(ctx.callId, "finished", "wait_agent", targets, undefined, agentStates(addressed)),
    );
    return JSON.stringify({ status, timed_out: finals.length === 0 && !ctx.signal.aborted });
  }

  private async close(target: string, ctx: ToolContext): Promise<ToolOutput> {
    const child = this.children.get(target);
    if (!child) return JSON.stringify({ previous_status: "not_found" });
    ctx.emit(agentCall(ctx.callId, "started", "close_agent", [target]));
    const previous = statusForModel(child.status, child.snapshot());
    this.drop(child);
    child.setStatus("shutdown");
    child.interrupt();
    this.host.dropLanes(child.id);
    ctx.emit(
      agentCall(ctx.callId, "finished", "close_agent", [target], undefined, agentStates([child])),
    );
    return JSON.stringify({ previous_status: previous });
  }

  /** The ids of `targets` that have finished, once one has (none: timed out or interrupted). */
  private untilFinal(targets: string[], timeoutMs: number, signal: AbortSignal): Promise<string[]> {
    const finals = () =>
      targets.filter((id) => {
        const child = this.children.get(id);
        return !child || (isFinalStatus(child.status) && !this.hasWaitingTurn(child));
      });
    return new Promise((resolve) => {
      const done = (ids: string[]) => {
        clearTimeout(timer);
        this.listeners.delete(check);
        signal.removeEventListener("abort", aborted);
        resolve(ids);
      };
      const check = () => {
        const now = finals();
        if (now.length > 0) done(now);
      };
      const aborted = () => done([]);
      const timer = setTimeout(() => done([]), timeoutMs);
      this.listeners.add(check);
      signal.addEventListener("abort", aborted, { once: true });
      if (signal.aborted) aborted();
      else check();
    });
  }

  private hasWaitingTurn(child: ChildAgent): boolean {
    return this.running.has(child) || this.waiting.some((turn) => turn.child === child);
  }

  /** Queue a turn (a follow-up that interrupts goes first); resolves when its first request went out. */
  private enqueue(child: ChildAgent, input: ResponseItem[], first = false): Promise<void> {
    return new Promise((started) => {
      const turn = { child, input, started: () => started() };
      if (first) this.waiting.unshift(turn);
      else this.waiting.push(turn);
      this.pump();
    });
  }

  /** Start waiting turns while slots are free (one turn per child at a time, in order). */
  private pump(): void {
    for (let i = 0; i < this.waiting.length && this.running.size < this.limits.maxThreads; ) {
      const turn = this.waiting[i] as WaitingTurn;
      if (this.running.has(turn.child)) {
        i++;
        continue;
      }
      this.waiting.splice(i, 1);
      this.running.add(turn.child);
      void turn.child.runTurn(turn.input, this.host.turn(), turn.started).finally(() => {
        this.running.delete(turn.child);
        this.pump();
        this.changed();
      });
    }
  }

  private drop(child: ChildAgent): void {
    for (let i = this.waiting.length - 1; i >= 0; i--) {
      const turn = this.waiting[i] as WaitingTurn;
      if (turn.child !== child) continue;
      this.waiting.splice(i, 1);
      turn.started();
    }
  }

  /** A child's status changed: waits look again. */
  changed(): void {
    for (const listener of [...this.listeners]) listener();
  }
}

/**
 * The model's `agent_type` as the start of a child's name: it becomes the ledger's agent name,
 * a lane label and part of a `stream_id`, so only `[A-Za-z0-9_-]`, at most 32 characters.
 */
export function agentKind(type: string | undefined): string {
  const kind = (type ?? "")
    .trim()
    .replace(/[^A-Za-z0-9_-]+/g, "-")
    .replace(/^-+|-+$/g, "");
  return kind.slice(0, 32) || "agent";
}
