// Shared by the benchmarks (not a benchmark itself): a process's peak resident memory, read from
// Linux's /proc/<pid>/status (VmHWM, the high-water mark: it only grows, so the last reading
// before the process exits is its peak up to a few milliseconds).
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";

/** Polls `pid` every `everyMs` until `stop()`, which returns the peak in MB (null if never read). */
export function watchPeakRss(pid, everyMs = 10) {
  let peakKb = null;
  const read = () => {
    try {
      const match = /^VmHWM:\s+(\d+) kB$/m.exec(readFileSync(`/proc/${pid}/status`, "utf8"));
      if (match) peakKb = Math.max(peakKb ?? 0, Number(match[1]));
    } catch {
      // gone, or not Linux
    }
  };
  read();
  const timer = setInterval(read, everyMs);
  return {
    stop() {
      clearInterval(timer);
      return peakKb === null ? null : Math.round(peakKb / 102.4) / 10;
    },
  };
}

/** A bare `node -e 0`'s peak RSS in MB: the floor every figure above sits on. */
export function bareNodePeakRssMb() {
  const out = execFileSync(process.execPath, [
    "-e",
    "process.stdout.write(String(process.resourceUsage().maxRSS))",
  ]);
  return Math.round(Number(String(out)) / 102.4) / 10;
}

/** This process's own peak RSS in MB so far. */
export function ownPeakRssMb() {
  return Math.round(process.resourceUsage().maxRSS / 102.4) / 10;
}
