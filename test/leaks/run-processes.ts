import { readdirSync, readFileSync } from "node:fs";

/** The variable every process a test run starts inherits: the run's id (test/leaks/global-setup.ts). */
export const RUN_MARKER = "MINI_CODEX_TEST_RUN";

/** A process as /proc shows it. */
export interface ProcessEntry {
  pid: number;
  ppid: number;
  /** Its arguments (argv), as started. */
  args: string[];
  /** Its environment as started (the variables it was given, not what it set since). */
  env: ReadonlyMap<string, string>;
}

/** Every process this user may read, from /proc; one that ends while it is read is left out. */
export function readProcesses(proc = "/proc"): ProcessEntry[] {
  const entries: ProcessEntry[] = [];
  for (const name of readdirSync(proc)) {
    if (!/^\d+$/.test(name)) continue;
    try {
      const environ = readFileSync(`${proc}/${name}/environ`, "utf8");
      const args = readFileSync(`${proc}/${name}/cmdline`, "utf8").split("\0").filter(Boolean);
      // the command name in parentheses may hold spaces: the fields after the last ")"
      const stat = readFileSync(`${proc}/${name}/stat`, "utf8");
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      const env = new Map<string, string>();
      for (const pair of environ.split("\0")) {
        const at = pair.indexOf("=");
        if (at > 0) env.set(pair.slice(0, at), pair.slice(at + 1));
      }
      entries.push({ pid: Number(name), ppid, args, env });
    } catch {
      // gone, a zombie, or another user's
    }
  }
  return entries;
}

/**
 * The processes of run `run` still alive apart from the test runner's own: each one that
 * inherited the run's marker, except `runner` and its direct children (its workers, idle while
 * the run's teardown looks). A process a test started is a worker's child or was left to init:
 * both count, once the tests are over. Other runs on the machine have other ids.
 */
export function leftBehind(
  processes: readonly ProcessEntry[],
  run: string,
  runner: number,
): ProcessEntry[] {
  return processes.filter(
    (p) => p.env.get(RUN_MARKER) === run && p.pid !== runner && p.ppid !== runner,
  );
}

/** What a leaked process is, for the report: its kind, then its command line (cut short). */
export function describeProcess(p: ProcessEntry): string {
  const line = p.args.join(" ");
  const socket = /(?:^|\s)-L\s+(\S+)/.exec(line)?.[1];
  const kind = /(^|\/)tmux$/.test(p.args[0] ?? "")
    ? `tmux server${socket ? ` (-L ${socket})` : ""}`
    : /(^|\/)bwrap$/.test(p.args[0] ?? "")
      ? "bwrap"
      : /\bdemo-server\b/.test(line)
        ? "demo server"
        : /mini-codex/.test(line)
          ? "mini-codex"
          : /(^|\/)codex(\s|$)|@openai\/codex/.test(line)
            ? "Codex CLI"
            : "process";
  const shown = line.length > 160 ? `${line.slice(0, 160)}…` : line;
  return `pid ${p.pid}: ${kind}: ${shown}`;
}
