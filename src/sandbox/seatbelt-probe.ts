/**
 * Whether Seatbelt can confine commands here (macOS): `/usr/bin/sandbox-exec` applies a trial
 * profile once. It cannot inside another sandbox (the Codex CLI's, an App Sandbox): macOS lets
 * no sandboxed process apply a profile of its own, and mini-codex says whose sandbox it is in.
 */
import type { SandboxProblem, SandboxStatus } from "./sandbox-status.js";

/** Only this one: a `sandbox-exec` earlier on PATH could be anything (the Codex CLI does the same). */
export const SANDBOX_EXEC = "/usr/bin/sandbox-exec";

/** The smallest profile: applying it is the whole trial. */
const TRIAL_PROFILE = "(version 1)(allow default)";
const TRIAL_TIMEOUT_MS = 10_000;

export const SEATBELT_MISSING: SandboxProblem = {
  why: `${SANDBOX_EXEC} is missing`,
  remedy: `Restore ${SANDBOX_EXEC} (it is part of macOS)`,
  hint: `restore ${SANDBOX_EXEC}`,
};

/** Whose sandbox mini-codex runs in, from what its parent set (pure). */
function outerSandboxName(env: NodeJS.ProcessEnv): string {
  if (env.CODEX_SANDBOX === "seatbelt") return "the Codex CLI's sandbox (CODEX_SANDBOX=seatbelt)";
  if (env.MINI_CODEX_SANDBOX === "seatbelt")
    return "another mini-codex's sandbox (MINI_CODEX_SANDBOX=seatbelt)";
  if (env.APP_SANDBOX_CONTAINER_ID) return "an App Sandbox (APP_SANDBOX_CONTAINER_ID is set)";
  return "another sandbox";
}

/** What the trial's exit and stderr say about Seatbelt here (pure). */
export function seatbeltTrialStatus(
  code: number | null,
  stderr: string,
  env: NodeJS.ProcessEnv,
): SandboxStatus {
  if (code === 0) return { ok: true, engine: "seatbelt", path: SANDBOX_EXEC };
  const first = stderr.trim().split("\n")[0] ?? "";
  if (/sandbox_apply/.test(stderr)) {
    return {
      ok: false,
      why: `mini-codex runs inside ${outerSandboxName(env)}, where macOS lets no process apply a Seatbelt profile of its own (${first})`,
      remedy:
        "Start mini-codex outside that sandbox (under -s danger-full-access its commands stay confined by the outer sandbox alone)",
      hint: "start mini-codex outside that sandbox",
    };
  }
  return {
    ok: false,
    why: `sandbox-exec cannot apply a profile here (${first || `exit ${code}`})`,
    remedy: `Check that ${SANDBOX_EXEC} -p '${TRIAL_PROFILE}' /usr/bin/true runs`,
    hint: `check ${SANDBOX_EXEC}`,
  };
}

let known: Promise<SandboxStatus> | undefined;

/** Seatbelt's trial, once per process (asynchronous, like bwrap's probe). */
export function probeSeatbelt(env: NodeJS.ProcessEnv = process.env): Promise<SandboxStatus> {
  known ??= runTrial(env);
  return known;
}

function runTrial(env: NodeJS.ProcessEnv): Promise<SandboxStatus> {
  const { spawn } = process.getBuiltinModule("node:child_process");
  return new Promise((resolve) => {
    const child = spawn(SANDBOX_EXEC, ["-p", TRIAL_PROFILE, "/usr/bin/true"], {
      stdio: ["ignore", "ignore", "pipe"],
      timeout: TRIAL_TIMEOUT_MS,
    });
    let stderr = "";
    child.stderr.setEncoding("utf8").on("data", (chunk: string) => {
      stderr += chunk;
    });
    child.on("error", (error) => resolve(seatbeltTrialStatus(null, error.message, env)));
    child.on("close", (code, signal) =>
      resolve(seatbeltTrialStatus(code, signal ? `killed by ${signal}` : stderr, env)),
    );
  });
}
