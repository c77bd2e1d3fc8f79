/**
 * Whether commands can be confined here, and by what: bubblewrap on Linux, Seatbelt
 * (`/usr/bin/sandbox-exec`) on macOS (docs/config.md, "Sandbox and approvals").
 */

export type SandboxEngine = "bwrap" | "seatbelt";

/** Why commands cannot be confined, and what the person can do about it. */
export interface SandboxProblem {
  why: string;
  /** The refusal's advice, a sentence start ("Install bubblewrap (…)"). */
  remedy: string;
  /** The same advice in a few words, for the start-up warning ("install bubblewrap"). */
  hint: string;
}

export type SandboxStatus =
  | { ok: true; engine: SandboxEngine; path: string }
  | ({ ok: false } & SandboxProblem);

/** A refused command's output: why, what to do, and what to pass instead. */
export function unavailableMessage(problem: SandboxProblem, mode: string): string {
  return [
    `sandbox unavailable: ${problem.why}; refusing to run the command unconfined in ${mode} mode.`,
    `${problem.remedy}, or run with`,
    "-s danger-full-access (no confinement) if you accept commands running with full access.",
  ].join(" ");
}
