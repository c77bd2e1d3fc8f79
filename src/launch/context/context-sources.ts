import { readlinkSync } from "node:fs";

// What a new session's initial context reads from this machine besides AGENTS.md (project-docs.ts): the time zone.

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
