import { writeFileSync } from "node:fs";
import { resolve } from "node:path";
import type { ExecFlags, ResumeTarget } from "../launch/index.js";
import {
  assertGitRepo,
  CliError,
  EXIT_FAILED,
  EXIT_INTERRUPTED,
  EXIT_OK,
  EXIT_TERMINATED,
  imageAttachments,
  isDirectory,
  loadRuntime,
  type OpenedSession,
  openSession,
  parseReviewAnswer,
  profileLabel,
  type ReviewTarget,
  type Runtime,
  reviewDiff,
  reviewPrompt,
  type SavedSettings,
  savedSessionFor,
  UsageError,
  warnUntrustedHooks,
  worktreeFlag,
  worktreeRequestOf,
} from "../launch/index.js";
import type { MessageImage } from "../protocol/index.js";
import { errorMessage } from "../protocol/index.js";
import type { Goal, SessionEvent, TurnResult } from "../session/index.js";
import { goalJson, goalStateLine, newSessionId } from "../session/index.js";
import { printable } from "../text/index.js";
import { afterFirstRequestWritten } from "../transport/index.js";
import type { ExecEvent } from "./exec-event-types.js";
import { ExecEventMapper } from "./exec-events.js";
import { type ExecGoal, execGoalOf, type GoalRunEnd, goalExitCode, runGoal } from "./goal-run.js";
import { execHeader, resumedDirectoryNote, tokensUsedLine } from "./header.js";
import { readOutputSchema } from "./output-schema.js";
import { resolvePrompt } from "./prompt.js";
import { findingEvents, findingsText } from "./review-output.js";
import { TextProgress } from "./text-sink.js";

export interface ExecInput {
  prompt: string | undefined;
  flags: ExecFlags;
  resume?: ResumeTarget;
  /** `exec review`: the prompt (if any) adds to the review's own instructions. */
  review?: ReviewTarget;
}

/**
 * Warm-up before a one-shot turn: off by default — bench/startup.mjs shows it only delays the
 * first real request by a round trip. MINI_CODEX_EXEC_WARMUP=1 turns it on (for the bench).
 */
function execWarmup(env: NodeJS.ProcessEnv = process.env): boolean {
  return env.MINI_CODEX_EXEC_WARMUP === "1";
}

/** Set once stdout's reader has gone away (`… | head -1`): nothing more is written there. */
let stdoutGone = false;
/** Called when stdout goes away, to stop the running turn. */
let onStdoutGone = () => {};
let pipeGuardsInstalled = false;

function markStdoutGone(): void {
  if (stdoutGone) return;
  stdoutGone = true;
  onStdoutGone();
}

/** A closed pipe is an error event on the stream; without a listener Node crashes with a trace. */
function guardPipes(): void {
  if (pipeGuardsInstalled) return;
  pipeGuardsInstalled = true;
  process.stdout.on("error", markStdoutGone);
  // progress on stderr is best effort: a closed stderr must not stop the turn
  process.stderr.on("error", () => {});
}

/** Settles when stdout has taken the last write (callbacks come in order). */
let lastWrite: Promise<void> = Promise.resolve();

function writeOut(text: string): void {
  if (stdoutGone) return;
  lastWrite = new Promise((resolve) =>
    process.stdout.write(text, (error) => {
      if (error) markStdoutGone();
      resolve();
    }),
  );
}

/**
 * The final message as stdout gets it: byte-exact into a pipe or a file (scripts read it), but
 * on a terminal its control characters and escapes (clipboard writes, titles, screen clears, bidi
 * reordering) are shown as text, like every progress line.
 */
function finalMessageOutput(message: string, terminal: boolean): string {
  const text = message.endsWith("\n") ? message : `${message}\n`;
  return terminal ? printable(text) : text;
}

function writeJson(event: ExecEvent): void {
  writeOut(`${JSON.stringify(event)}\n`);
}

function writeErr(text: string): void {
  if (!process.stderr.destroyed) process.stderr.write(text);
}

/**
 * Calls `start` once, after the first request_started, once that request is written (a
 * compressed frame reaches the socket some turns of the event loop after request_started).
 */
function afterFirstRequest(start: () => void): (event: SessionEvent) => void {
  let started = false;
  return (event) => {
    if (started || event.type !== "request_started") return;
    started = true;
    afterFirstRequestWritten(start);
  };
}

/** Run one turn: `mini-codex exec [PROMPT]` and `exec resume`. Resolves with the exit code. */
export async function runExec(input: ExecInput): Promise<number> {
  const { flags } = input;
  const json = Boolean(flags.json || flags.experimentalJson);
  guardPipes();
  // a prompt written right after --worktree was read as its NAME: say so before asking for one
  worktreeFlag(flags.worktree);
  if (input.review && flags.worktree !== undefined)
    throw new UsageError("exec review reads the changes where it runs: --worktree does not apply");
  // --goal TEXT is the prompt: stdin is not read
  const goal = execGoalOf(flags, { ...input, review: input.review !== undefined });
  const asked =
    goal || (input.review && input.prompt === undefined)
      ? ""
      : await resolvePrompt(input.prompt, process.stdin, flags.worktree);
  // a resume comes back on the session's settings and in its directory (flags win)
  const saved = input.resume ? savedSessionFor(flags, input.resume) : undefined;
  // --worktree: a new session's id is chosen now, its worktree is named after it
  const sessionId = saved ? undefined : newSessionId();
  const request = worktreeRequestOf(flags.worktree, saved?.id ?? (sessionId as string));
  // resume --worktree of a session whose folder is gone: a new worktree from here
  const inItsDirectory = !(request && saved && !isDirectory(saved.cwd));
  const runtime = await loadRuntime({
    flags,
    // as `codex exec`: read-only and nobody to ask, unless flags or config say otherwise
    defaultApprovalPolicy: "never",
    defaultSandbox: "read-only",
    ...(saved ? { resumed: { saved, inItsDirectory } } : {}),
    ...(request ? { worktree: { request } } : {}),
  });
  // said once, before anything runs: whose config.toml this is and how to stop it
  if (runtime.configNotice) writeErr(`note: ${runtime.configNotice}\n`);
  try {
    assertGitRepo(runtime.cwd, flags.skipGitRepoCheck);
    warnUntrustedHooks(runtime.hooks, (message) => process.stderr.write(`warning: ${message}\n`));
    // bwrap's probe is a process: it starts once the first request is sent (docs/config.md, sandbox)
    const sandboxCheck = afterFirstRequest(() => void runtime.checkSandbox());
    // read before the session opens: a bad file is a usage error, not a failed turn
    const images = imageAttachments(flags.image ?? [], runtime.cwd);
    const prompt = input.review ? await reviewRequest(runtime, input.review, asked) : asked;
    const run = {
      runtime,
      input,
      prompt,
      json,
      images,
      ...(saved ? { saved } : {}),
      ...(sessionId ? { sessionId } : {}),
      ...(goal ? { goal } : {}),
    };
    return await runExecSession(run, sandboxCheck);
  } finally {
    // the warning is printed even when no request went out
    await runtime.checkSandbox();
    await runtime.close();
  }
}

/** Stop the processes exec_command left running (their command_finished events report each). */
async function endBackgroundTerminals(
  session: OpenedSession["session"],
  say: (text: string) => void,
): Promise<void> {
  const running = session.terminals?.list().length ?? 0;
  if (running === 0) return;
  say(`stopping ${running} background terminal${running === 1 ? "" : "s"} before exiting\n`);
  await session.terminals?.stopAll();
}

/** One exec run, its runtime loaded. */
interface ExecRun {
  runtime: Runtime;
  input: ExecInput;
  prompt: string;
  json: boolean;
  /** -i/--image files, sent with the prompt (each after a text part naming it). */
  images: readonly MessageImage[];
  /** The saved session resumed. */
  saved?: SavedSettings;
  /** A new session's id, chosen before its runtime (its --worktree is named after it). */
  sessionId?: string;
  /** `--goal`: turns until it is met or stopped, instead of the one prompt. */
  goal?: ExecGoal;
}

/** The stderr header of text mode: what this run is about to do, and where. */
function headerLines(run: ExecRun, opened: OpenedSession): string[] {
  const { runtime, saved } = run;
  const status = opened.session.status();
  const cwdNote = !saved
    ? undefined
    : runtime.worktree?.made
      ? `a new worktree; the session ran in ${saved.cwd}`
      : resumedDirectoryNote(runtime.cwd, saved.cwd, run.input.flags.cd !== undefined);
  return execHeader({
    version: runtime.version,
    cwd: runtime.cwd,
    ...(cwdNote ? { cwdNote } : {}),
    ...(runtime.worktree ? { worktree: runtime.worktree } : {}),
    model: status.model,
    ...(status.effort ? { effort: status.effort } : {}),
    provider: runtime.provider.id,
    approvalPolicy: runtime.approvalPolicy,
    sandbox: runtime.sandbox,
    ...(runtime.profile ? { profile: profileLabel(runtime.profile, runtime.profileFile) } : {}),
    sessionId: opened.id,
    ...(opened.resumed ? { sessionNote: "resumed" } : {}),
  });
}

/** The review turn's message: the target's diff (read with confined git) and its instructions. */
async function reviewRequest(
  runtime: Runtime,
  target: ReviewTarget,
  extra: string,
): Promise<string> {
  try {
    return reviewPrompt(
      await reviewDiff(target, { cwd: runtime.cwd, hiddenHomes: runtime.hiddenHomes }),
      extra,
    );
  } catch (error) {
    throw new CliError(`cannot read what to review: ${errorMessage(error)}`, EXIT_FAILED);
  }
}

/** Open (or resume) the session, run the prompt as one turn, print its events, save the answer. */
async function runExecSession(
  run: ExecRun,
  onEvent: (event: SessionEvent) => void,
): Promise<number> {
  const { runtime, input, prompt, json, images, saved } = run;
  const { flags } = input;
  const outputSchema = flags.outputSchema
    ? readOutputSchema(resolve(flags.outputSchema))
    : undefined;
  const opened: OpenedSession = await openSession(runtime, {
    warmup: execWarmup(),
    ...(run.sessionId ? { id: run.sessionId } : {}),
    ...(saved ? { resume: { id: saved.id } } : {}),
    ...(flags.ephemeral ? { ephemeral: true } : {}),
    ...(outputSchema ? { outputSchema } : {}),
    ...(input.review ? { review: true } : {}),
  });
  const { session } = opened;
  const mapper = new ExecEventMapper();
  const progress = new TextProgress(writeErr);
  let sawTurnEnd = false;
  const unsubscribe = session.subscribe((event) => {
    onEvent(event);
    if (event.type === "turn_completed" || event.type === "turn_failed") sawTurnEnd = true;
    const mapped = mapper.map(event);
    if (json) for (const out of mapped) writeJson(out);
    else progress.handle(event);
  });
  if (json) for (const out of mapper.threadStarted(opened.id)) writeJson(out);
  else
    writeErr(
      headerLines(run, opened)
        .map((line) => `${printable(line)}\n`)
        .join(""),
    );
  for (const warning of opened.warnings) writeErr(`warning: ${warning}\n`);

  // SIGINT (Ctrl+C) and SIGTERM (the SDK's AbortSignal, `timeout`, CI) abort the turn: the
  // running command's process group is killed and history stays whole; a second one exits now
  let stoppedBy: "SIGINT" | "SIGTERM" | undefined;
  const stopCode = () => (stoppedBy === "SIGTERM" ? EXIT_TERMINATED : EXIT_INTERRUPTED);
  const onSignal = (signal: "SIGINT" | "SIGTERM") => {
    if (stoppedBy) process.exit(stopCode());
    stoppedBy = signal;
    session.abort();
  };
  process.on("SIGINT", onSignal);
  process.on("SIGTERM", onSignal);
  // like any Unix tool whose reader left (SIGPIPE): stop the turn; history stays consistent
  onStdoutGone = () => session.abort();

  let result: TurnResult;
  let goal: GoalRunEnd | undefined;
  try {
    if (run.goal) {
      goal = await runGoal(session, run.goal);
      result = goal.result ?? { ok: true, aborted: false };
    } else result = await session.send(prompt, images);
  } catch (error) {
    const message = errorMessage(error);
    result = { ok: false, aborted: false, error: message };
    if (json) writeJson({ type: "error", message });
  } finally {
    process.off("SIGINT", onSignal);
    process.off("SIGTERM", onSignal);
    onStdoutGone = () => {};
    // exec ends every background terminal before it exits; each reports how it ended
    await endBackgroundTerminals(session, json ? () => {} : writeErr);
    if (json) for (const out of mapper.flush()) writeJson(out);
    unsubscribe();
  }
  if (!json) writeErr(`${tokensUsedLine(session.status().totals)}\n`);
  await session.close();
  if (goal) {
    const code = wasStopped(stoppedBy, result) ? stopCode() : 0;
    return finishGoal(run, goal.goal, goal.lastAnswer, code);
  }

  await lastWrite;
  if (stdoutGone) return EXIT_FAILED;
  const aborted = wasStopped(stoppedBy, result);
  return finishTurn(run, { result, mapper, sawTurnEnd, aborted, code: stopCode() });
}

function wasStopped(stoppedBy: string | undefined, result: TurnResult): boolean {
  return stoppedBy !== undefined || result.aborted;
}

/**
 * After `--goal`'s turns: `goal.finished` (JSON) and its state on stderr, the last answer its
 * turns gave as a turn's answer, and the exit code of how it ended (docs/config.md, "Exit codes"); `interrupted`: the
 * signal's code when one stopped it.
 */
async function finishGoal(
  run: ExecRun,
  goal: Goal | undefined,
  lastAnswer: string | undefined,
  interrupted: number,
): Promise<number> {
  const { json, input } = run;
  if (goal && json) writeJson({ type: "goal.finished", goal: goalJson(goal) });
  // the reason is on stderr in both modes: a script's log says why it stopped
  if (goal) writeErr(`${printable(goalStateLine(goal))}\n`);
  const last = lastAnswer;
  if (input.flags.outputLastMessage && last !== undefined) {
    writeFileSync(resolve(input.flags.outputLastMessage), last);
  }
  if (!json && last !== undefined)
    writeOut(finalMessageOutput(last, process.stdout.isTTY === true));
  await lastWrite;
  if (stdoutGone) return EXIT_FAILED;
  return interrupted || goalExitCode(goal);
}

/** After one prompt's turn: its failure said if no event did, its answer written, the code. */
async function finishTurn(
  run: ExecRun,
  end: {
    result: TurnResult;
    mapper: ExecEventMapper;
    sawTurnEnd: boolean;
    aborted: boolean;
    code: number;
  },
): Promise<number> {
  const { json, input } = run;
  const { flags } = input;
  const { result, mapper, sawTurnEnd, aborted } = end;
  if (!sawTurnEnd && !result.ok) {
    const message = aborted ? "interrupted" : (result.error ?? "the turn failed");
    if (json) writeJson({ type: "turn.failed", error: { message } });
    else writeErr(`error: ${message}\n`);
  }
  if (!result.ok) return aborted ? end.code : EXIT_FAILED;

  const last = result.lastMessage ?? mapper.lastMessage;
  if (flags.outputLastMessage && last !== undefined) {
    writeFileSync(resolve(flags.outputLastMessage), last);
  }
  const review = input.review ? parseReviewAnswer(last ?? "") : undefined;
  if (input.review && !review)
    writeErr("warning: the review's answer held no findings in the expected JSON\n");
  if (json && review) for (const out of findingEvents(review, () => mapper.id())) writeJson(out);
  else if (review) writeOut(findingsText(review));
  else if (!json && last !== undefined)
    writeOut(finalMessageOutput(last, process.stdout.isTTY === true));
  // a closed pipe shows up here at the latest
  await lastWrite;
  if (stdoutGone) return EXIT_FAILED;
  return aborted ? end.code : EXIT_OK;
}
