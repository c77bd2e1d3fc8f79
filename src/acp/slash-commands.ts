import { existsSync } from "node:fs";
import { join } from "node:path";
import type { AvailableCommand } from "@agentclientprotocol/sdk";
import type { Runtime } from "../launch/index.js";
import {
  findingLines,
  INIT_PROMPT,
  parseReviewAnswer,
  parseReviewArgs,
  reviewDiff,
  reviewPrompt,
} from "../launch/index.js";
import { formatUsd } from "../models/index.js";
import { errorMessage } from "../protocol/index.js";
import type { AgentSession, TurnResult } from "../session/index.js";
import { REWIND_MODES, type RewindMode } from "../session/index.js";
import { fillPromptArguments } from "../text/index.js";
import { rewoundFileLines } from "../tools/index.js";

// The slash commands an editor offers (`available_commands_update`) and what each does over
// ACP: the TUI's /compact, /review, /rewind, /fork, /new, /status, /agents, /init, then the
// session's prompt files and skills. A command's words come back as the agent's message; one
// that talks to the model runs as the prompt's turn.
//
// The session id: `/new` starts the conversation over in the same session (same id, same file:
// the editor's thread stays whole); `/fork` saves a copy under a new id (listed by session/list,
// loadable) and this thread goes on here.

export interface CommandHost {
  readonly session: AgentSession;
  readonly runtime: Runtime;
  /** Tell the person (the agent's message). */
  say(text: string): void;
  /** Run `operation` as this prompt's turn (its requests, events and result). */
  turn(operation: (session: AgentSession) => Promise<TurnResult>): Promise<TurnResult>;
  /** A copy of this session under a new id (its file written, nothing running in it). */
  fork(): Promise<string>;
  /** A read-only fork that reviews `prompt`, shown as it works; its last message. */
  review(prompt: string): Promise<TurnResult>;
}

type Run = (host: CommandHost, args: string) => Promise<TurnResult>;

interface Command extends AvailableCommand {
  run: Run;
}

const done: TurnResult = { ok: true, aborted: false };

async function said(host: CommandHost, text: string): Promise<TurnResult> {
  host.say(text);
  return done;
}

const BUILT_IN: readonly Command[] = [
  {
    name: "compact",
    description: "compact the conversation: a summary replaces history (the chain starts over)",
    run: (host) => host.turn((session) => session.compact()),
  },
  {
    name: "review",
    description:
      "review changes in a read-only fork of this session (findings: file, line, priority)",
    input: { hint: "[uncommitted | base BRANCH | commit SHA] [instructions]" },
    run: review,
  },
  {
    name: "rewind",
    description:
      "rewind to before an earlier message: /rewind lists them; /rewind N [code|conversation|both]",
    input: { hint: "[N [code|conversation|both]]" },
    run: rewind,
  },
  {
    name: "fork",
    description:
      "save a copy of this session under a new id (session/list offers it); this thread goes on here",
    run: async (host) => {
      const id = await host.fork();
      return said(
        host,
        `Forked: session ${id} holds a copy of this conversation (same prompt cache). Open it from the session list to go on there; this thread goes on here, in ${host.session.id}.`,
      );
    },
  },
  {
    name: "new",
    description: "start the conversation over in this session (same id; the chain starts over)",
    run: async (host) => {
      if (!host.session.newConversation) return said(host, "This session cannot start over.");
      host.session.newConversation();
      return said(
        host,
        `Started over: session ${host.session.id} keeps its id and file, and the earlier messages are no longer part of the conversation (/fork first to keep a copy).`,
      );
    },
  },
  {
    name: "status",
    description: "session, directory, model, sandbox, requests, cache and cost",
    run: (host) => said(host, statusText(host)),
  },
  {
    name: "agents",
    description: "the subagents of this session: task, state, requests, cached share, cost",
    run: (host) => said(host, agentsText(host.session)),
  },
  {
    name: "init",
    description: "ask the model to write a starter AGENTS.md (never overwrites one)",
    run: async (host) => {
      const path = join(host.runtime.cwd, "AGENTS.md");
      if (existsSync(path))
        return said(host, `${path} already exists: /init does not overwrite it.`);
      return host.turn((session) => session.send(INIT_PROMPT));
    },
  },
];

/** The commands of a session: the built-in ones, then its prompt files and skills (a built-in name wins). */
function sessionCommands(session: Pick<AgentSession, "knowledge">): Command[] {
  const taken = new Set(BUILT_IN.map((command) => command.name));
  const prompts = (session.knowledge?.prompts ?? [])
    .filter((prompt) => !taken.has(prompt.name) && taken.add(prompt.name))
    .map(
      (prompt): Command => ({
        name: prompt.name,
        description: prompt.description ?? `prompt file ${prompt.path}`,
        ...(prompt.argumentHint ? { input: { hint: prompt.argumentHint } } : {}),
        run: async (host, args) => {
          const text = fillPromptArguments(prompt.body, args).trim();
          if (text === "") return said(host, `${prompt.path} is empty: nothing was sent.`);
          return host.turn((s) => s.send(text));
        },
      }),
    );
  const skills = (session.knowledge?.skills ?? [])
    .filter((skill) => !taken.has(skill.name) && taken.add(skill.name))
    .map(
      (skill): Command => ({
        name: skill.name,
        description: `skill: ${skill.description}`,
        input: { hint: "what to do with it" },
        // `$name` in a message is how a skill is used (the model is shown its SKILL.md)
        run: (host, args) => host.turn((s) => s.send(`$${skill.name}${args ? ` ${args}` : ""}`)),
      }),
    );
  return [...BUILT_IN, ...prompts, ...skills];
}

/** The commands as `available_commands_update` lists them. */
export function availableCommands(session: Pick<AgentSession, "knowledge">): AvailableCommand[] {
  return sessionCommands(session).map(({ run: _run, ...command }) => command);
}

/** `/name args` of a prompt that is a command of the session; undefined when it is not one. */
export function slashCommand(
  text: string,
  session: Pick<AgentSession, "knowledge">,
): { run: (host: CommandHost) => Promise<TurnResult> } | undefined {
  const match = /^\/([a-z][\w-]*)(?:\s+([\s\S]*))?$/i.exec(text.trim());
  if (!match) return undefined;
  const name = (match[1] ?? "").toLowerCase();
  const command = sessionCommands(session).find((c) => c.name.toLowerCase() === name);
  const args = (match[2] ?? "").trim();
  return command && { run: (host) => command.run(host, args) };
}

async function review(host: CommandHost, args: string): Promise<TurnResult> {
  const parsed = parseReviewArgs(args);
  if (typeof parsed === "string") return said(host, parsed);
  let prompt: string;
  try {
    const diff = await reviewDiff(parsed.target, {
      cwd: host.runtime.cwd,
      hiddenHomes: host.runtime.hiddenHomes,
    });
    prompt = reviewPrompt(diff, parsed.extra);
  } catch (error) {
    return said(host, `/review cannot read the changes: ${errorMessage(error)}`);
  }
  const result = await host.review(prompt);
  if (!result.ok) return result;
  const found = parseReviewAnswer(result.lastMessage ?? "");
  if (!found) return said(host, "The review's answer held no findings in the expected JSON.");
  const lines =
    found.findings.length === 0 ? ["No findings."] : found.findings.flatMap(findingLines);
  if (found.verdict)
    lines.push(`${found.verdict}${found.explanation ? `: ${found.explanation}` : ""}`);
  return said(host, `Review\n\n${lines.join("\n")}`);
}

async function rewind(host: CommandHost, args: string): Promise<TurnResult> {
  const rewinds = host.session.rewinds?.();
  const points = rewinds?.points() ?? [];
  if (!rewinds || points.length === 0) return said(host, "No earlier message to rewind to.");
  const [turnWord, modeWord] = args.split(/\s+/).filter(Boolean);
  const point = points.find((p) => String(p.turn) === turnWord);
  if (!point) {
    const list = points.map(
      (p) =>
        `${p.turn}. ${p.message.split("\n", 1)[0] ?? ""}${p.code === true ? "" : " (conversation only)"}`,
    );
    const usage = "/rewind N [code|conversation|both] rewinds to before message N.";
    return said(
      host,
      [turnWord ? `No message ${turnWord}.` : "Earlier messages:", ...list, usage].join("\n"),
    );
  }
  const mode = (modeWord ?? (point.code === true ? "both" : "conversation")) as RewindMode;
  if (!REWIND_MODES.includes(mode)) return said(host, `Rewind what? ${REWIND_MODES.join(", ")}.`);
  try {
    const result = await rewinds.rewind(point.turn, mode);
    const lines = result.code ? rewoundFileLines(result.code) : [];
    if (result.mode !== "code") {
      lines.push(
        `Conversation rewound to before message ${point.turn}, which was:`,
        "",
        result.message,
      );
    } else if (lines.length === 0) lines.push("No file changed since that message.");
    return said(host, lines.join("\n"));
  } catch (error) {
    return said(host, `Cannot rewind: ${errorMessage(error)}`);
  }
}

const pct = (part: number, whole: number) =>
  whole > 0 ? `${Math.round((part / whole) * 100)}%` : "0%";

function statusText(host: CommandHost): string {
  const s = host.session.status();
  const t = s.totals;
  const { runtime } = host;
  const cost =
    s.costDisplay === "plan"
      ? "counted against your ChatGPT plan"
      : t.cost.unpriced.length > 0
        ? `${formatUsd(t.cost.usd)} (no price for ${t.cost.unpriced.join(", ")})`
        : formatUsd(t.cost.usd);
  const next = s.next.mode === "full" ? `full (${s.next.reason ?? "?"})` : "incremental";
  return [
    `session      ${s.sessionId}`,
    `directory    ${runtime.cwd}`,
    `sandbox      ${runtime.sandbox}  approval ${runtime.approvalPolicy}`,
    `provider     ${s.providerId}  ${s.baseUrl}`,
    `model        ${s.model}${s.effort ? `  effort ${s.effort}` : ""}  effort changes ${s.effortChanges}`,
    `transport    ${s.transport}  lane ${s.lane}`,
    `requests     ${t.requests}  incremental ${t.incrementalRequests} (${pct(t.incrementalRequests, t.requests)})`,
    `tokens       input ${t.inputTokens}  cached ${t.cachedTokens} (${pct(t.cachedTokens, t.inputTokens)})  output ${t.outputTokens}`,
    `cost         ${cost}`,
    `next request ${next}`,
  ].join("\n");
}

function agentsText(session: AgentSession): string {
  const agents = session.status().agents;
  if (agents === undefined) return "Subagents are off in this session ([agents] enabled = false).";
  if (agents.length === 0) return "No subagents yet: the model starts them with spawn_agent.";
  return agents
    .map((agent) => {
      const cost = agent.usd === undefined ? "no price" : formatUsd(agent.usd);
      const task = agent.task.split("\n", 1)[0] ?? "";
      return `${agent.name} (${agent.kind}) ${agent.status}: ${task} — ${agent.requests} requests, ${pct(agent.cachedTokens, agent.inputTokens)} cached, ${cost}`;
    })
    .join("\n");
}
