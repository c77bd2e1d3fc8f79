// Shared by the benchmarks (not a benchmark itself): a process's peak resident memory, read from
// Linux's /proc/<pid>/status (VmHWM, the high-water mark: it only grows, so the last reading
// before the process exits is its peak up to a few milliseconds).
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
