import type { ExecFlags, ResumeTarget } from "../launch/index.js";
import {
  CliError,
  EXIT_FAILED,
  EXIT_OK,
  loadRuntime,
  openSession,
  savedSessionFor,
  UsageError,
} from "../launch/index.js";
import { errorMessage } from "../protocol/index.js";
import type { AgentSession, RewindPoint, RewindResult } from "../session/index.js";
import { REWIND_MODES, type RewindMode } from "../session/index.js";
import { printable } from "../text/index.js";
import { rewoundFileLines } from "../tools/index.js";

export interface RewindInput {
  flags: ExecFlags;
  resume: ResumeTarget;
  /** The user message to rewind to (1 = the first); absent: list them. */
  turn?: string;
  mode?: string;
}

/** `mini-codex exec rewind`: list a saved session's user messages, or rewind it to one. */
export async function runRewind(input: RewindInput): Promise<number> {
  const json = Boolean(input.flags.json || input.flags.experimentalJson);
  const mode = rewindMode(input.mode);
  const turn = input.turn === undefined ? undefined : turnNumber(input.turn);
  const saved = savedSessionFor(input.flags, input.resume);
  const runtime = await loadRuntime({
    flags: input.flags,
    defaultApprovalPolicy: "never",
    defaultSandbox: "read-only",
    resumed: { saved, inItsDirectory: true },
  });
  try {
    const { session } = await openSession(runtime, { warmup: false, resume: { id: saved.id } });
    try {
      if (turn === undefined) return listPoints(session, json);
      return await rewindTo(session, turn, mode, json);
    } finally {
      await session.close();
    }
  } finally {
    await runtime.close();
  }
}

function rewindMode(mode: string | undefined): RewindMode {
  if (mode === undefined) return "both";
  if ((REWIND_MODES as readonly string[]).includes(mode)) return mode as RewindMode;
  throw new UsageError(`--mode must be one of ${REWIND_MODES.join(", ")} (got "${mode}")`);
}

function turnNumber(text: string): number {
  const turn = Number(text);
  if (Number.isInteger(turn) && turn > 0) return turn;
  throw new UsageError(`TURN is the number of a user message, 1 for the first (got "${text}")`);
}

function listPoints(session: AgentSession, json: boolean): number {
  const points = session.rewinds?.().points() ?? [];
  if (json) process.stdout.write(`${JSON.stringify({ type: "rewind.points", points })}\n`);
  else if (points.length === 0) process.stdout.write("no user messages to rewind to\n");
  else process.stdout.write(points.map(pointLine).join(""));
  return EXIT_OK;
}

function pointLine(point: RewindPoint): string {
  const code = point.code === true ? "" : `  (conversation only: ${point.code.skipped})`;
  const first = point.message.split("\n")[0] ?? "";
  return `${point.turn}  ${printable(first)}${code}\n`;
}

async function rewindTo(
  session: AgentSession,
  turn: number,
  mode: RewindMode,
  json: boolean,
): Promise<number> {
  const rewinds = session.rewinds?.();
  if (!rewinds) throw new CliError("this session cannot rewind", EXIT_FAILED);
  let result: RewindResult;
  try {
    result = await rewinds.rewind(turn, mode);
  } catch (error) {
    throw new CliError(`cannot rewind: ${errorMessage(error)}`, EXIT_FAILED);
  }
  if (json) {
    process.stdout.write(`${JSON.stringify({ type: "rewind.done", turn, ...result })}\n`);
    return refusedExit(result);
  }
  const out: string[] = [];
  if (result.diff) out.push(result.diff.endsWith("\n") ? result.diff : `${result.diff}\n`);
  if (result.code) out.push(...rewoundFileLines(result.code).map((line) => `${line}\n`));
  if (mode !== "code")
    out.push(`conversation rewound to before message ${turn}:\n${result.message}\n`);
  process.stdout.write(out.map((line) => printable(line)).join(""));
  return refusedExit(result);
}

/** 1 when a file could not be put back (its `refused` line says why), else 0. */
function refusedExit(result: RewindResult): number {
  return result.code && result.code.refused.length > 0 ? EXIT_FAILED : EXIT_OK;
}
