import { readFileSync, readlinkSync } from "node:fs";
import { dirname, join } from "node:path";
import { gitRoot } from "../sandbox/git-files.js";

// What a new session's initial context reads from this machine: AGENTS.md files and the time zone.

/** The folders from the git root (or cwd outside a repository) down to cwd, top first. */
function agentsMdFolders(cwd: string): string[] {
  const top = gitRoot(cwd) ?? cwd;
  const folders = [cwd];
  for (let dir = cwd; dir !== top && dirname(dir) !== dir; ) {
    dir = dirname(dir);
    folders.unshift(dir);
  }
  return folders;
}

/** AGENTS.md files from the repository root down to cwd, joined in that order (as Codex does). */
export function readAgentsMd(cwd: string): string | undefined {
  const texts: string[] = [];
  for (const dir of agentsMdFolders(cwd)) {
    try {
      texts.push(readFileSync(join(dir, "AGENTS.md"), "utf8").trim());
    } catch {
      // none here
    }
  }
  const joined = texts.filter((text) => text !== "").join("\n\n");
  return joined === "" ? undefined : joined;
}

/**
 * This machine's IANA zone: $TZ, else the zone /etc/localtime links to, else Intl's (which
 * loads ICU's zone data: tens of milliseconds of start-up, so only as the last resort).
 */
export function systemTimezone(): { timezone: string; timezoneIsLocal: boolean } {
  const fromEnv = process.env.TZ?.replace(/^:/, "");
  if (fromEnv && /^[A-Za-z][\w+-]*(\/[\w+-]+)*$/.test(fromEnv)) {
    return { timezone: fromEnv, timezoneIsLocal: true };
  }
  try {
    const zone = /zoneinfo\/(.+)$/.exec(readlinkSync("/etc/localtime"))?.[1];
    if (zone) return { timezone: zone, timezoneIsLocal: true };
  } catch {
    // not a link (or no such file): ask Intl
  }
  return {
    timezone: Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC",
    timezoneIsLocal: false,
  };
}
