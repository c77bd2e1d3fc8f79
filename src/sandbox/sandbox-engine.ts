/**
 * The platform choice: bubblewrap on Linux, Seatbelt on macOS, nothing elsewhere (pure), and
 * the session's probe of the chosen one.
 */
import { accessSync, constants } from "node:fs";
import { BWRAP_MISSING, findBwrap, probeBwrap } from "./bwrap-probe.js";
import type { SandboxEngine, SandboxProblem, SandboxStatus } from "./sandbox-status.js";
import { probeSeatbelt, SANDBOX_EXEC, SEATBELT_MISSING } from "./seatbelt-probe.js";

/** What is installed that could confine a command. */
interface InstalledSandboxes {
  /** The `bwrap` found on PATH. */
  bwrap?: string | undefined;
  /** `/usr/bin/sandbox-exec` is executable. */
  sandboxExec: boolean;
}

type EngineChoice = { engine: SandboxEngine; path: string } | { problem: SandboxProblem };

/** Which sandbox confines commands on `platform` with what is installed (pure). */
export function sandboxEngineFor(
  platform: NodeJS.Platform,
  installed: InstalledSandboxes,
): EngineChoice {
  if (platform === "linux") {
    return installed.bwrap
      ? { engine: "bwrap", path: installed.bwrap }
      : { problem: BWRAP_MISSING };
  }
  if (platform === "darwin") {
    return installed.sandboxExec
      ? { engine: "seatbelt", path: SANDBOX_EXEC }
      : { problem: SEATBELT_MISSING };
  }
  return {
    problem: {
      why: `mini-codex cannot confine commands on ${platform}`,
      remedy: "Use Linux (bubblewrap) or macOS (Seatbelt), where it can",
      hint: "use Linux or macOS",
    },
  };
}

function executable(path: string): boolean {
  try {
    accessSync(path, constants.X_OK);
    return true;
  } catch {
    return false;
  }
}

/** What is installed here, looked up only for the platform that uses it. */
function installedSandboxes(
  platform: NodeJS.Platform,
  pathVar: string | undefined,
): InstalledSandboxes {
  return {
    bwrap: platform === "linux" ? findBwrap(pathVar) : undefined,
    sandboxExec: platform === "darwin" && executable(SANDBOX_EXEC),
  };
}

/**
 * Whether commands can be confined here, probed once: the platform's choice, then a trial run
 * of it (bwrap's namespaces, Seatbelt's profile).
 */
export function probeSandbox(
  pathVar: string | undefined = process.env.PATH,
  platform: NodeJS.Platform = process.platform,
): Promise<SandboxStatus> {
  const choice = sandboxEngineFor(platform, installedSandboxes(platform, pathVar));
  if ("problem" in choice) return Promise.resolve({ ok: false, ...choice.problem });
  return choice.engine === "bwrap" ? probeBwrap(pathVar) : probeSeatbelt();
}
