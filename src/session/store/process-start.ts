/**
 * When a process started, as a string that is the same for the whole life of the process and
 * differs for a later process given the same pid: what tells a session lock's owner from an
 * unrelated process that reused its pid after a `kill -9` (session-lock.ts). Linux: the boot's
 * id and field 22 of `/proc/<pid>/stat` (start time in clock ticks since boot); macOS: `ps -o
 * lstart=` in the C locale and UTC (one-second resolution); elsewhere, or when it cannot be
 * read: undefined (the caller then trusts the pid alone).
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

let bootId: string | undefined;

function linuxStart(pid: number): string | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    // the command name (field 2) is in parentheses and may hold spaces or `)`: count after it
    const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
    const ticks = fields[22 - 3];
    if (!ticks || !/^\d+$/.test(ticks)) return undefined;
    bootId ??= readFileSync("/proc/sys/kernel/random/boot_id", "utf8").trim();
    return `linux:${bootId}:${ticks}`;
  } catch {
    return undefined;
  }
}

function macStart(pid: number): string | undefined {
  try {
    const out = execFileSync("/bin/ps", ["-o", "lstart=", "-p", String(pid)], {
      encoding: "utf8",
      env: { PATH: "/usr/bin:/bin", LC_ALL: "C", TZ: "UTC" },
      stdio: ["ignore", "pipe", "ignore"],
      timeout: 5_000,
    }).trim();
    return out ? `darwin:${out.replace(/\s+/g, " ")}` : undefined;
  } catch {
    return undefined;
  }
}

/** The start of process `pid` (see the header), or undefined when it cannot be known. */
export function processStart(
  pid: number,
  platform: NodeJS.Platform = process.platform,
): string | undefined {
  if (platform === "linux") return linuxStart(pid);
  return platform === "darwin" ? macStart(pid) : undefined;
}

let own: { value: string | undefined } | undefined;

/** This process's start (read once). */
export function ownProcessStart(): string | undefined {
  own ??= { value: processStart(process.pid) };
  return own.value;
}
