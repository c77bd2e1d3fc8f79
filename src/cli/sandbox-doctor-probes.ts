/**
 * `mini-codex sandbox doctor`'s probes: one real command per promise of a confined mode
 * (docs/config.md, "What the confined modes protect"), and how its result and what it left on
 * disk say whether the promise holds. Pure: the world's paths in, commands and verdicts out.
 */
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import type { SandboxMode } from "../sandbox/index.js";

/** The scratch world the probes run in (made by the doctor, removed after). */
export interface DoctorWorld {
  /** The workspace root (cwd); it holds the scratch $HOME, so the home is masked, not the private /tmp. */
  ws: string;
  /** A folder beside the workspace, never writable. */
  outside: string;
  home: string;
  miniCodexHome: string;
  /** A listening Unix socket in the scratch $XDG_RUNTIME_DIR. */
  socket: string;
  /** A loopback TCP server's port. */
  port: number;
  /** A process outside the sandbox whose environment holds the canary. */
  otherPid: number;
  /** Written into every secret file and the other process's environment; never printed. */
  canary: string;
  /** The node binary (probes use it for sockets and os.cpus()). */
  node: string;
}

interface ProbeResult {
  exitCode: number | null;
  output: string;
}

export type Verdict = "pass" | "fail" | "off";

interface Probe {
  /** The promise, as the report prints it. */
  promise: string;
  command: string;
  /** What the exit code, the output and the files left behind say. */
  verdict(result: ProbeResult): Verdict;
}

/** The confined runs the doctor makes: each mode, and workspace-write with the network on. */
export const DOCTOR_RUNS: Array<{ mode: SandboxMode; network: boolean; title: string }> = [
  { mode: "read-only", network: false, title: "read-only" },
  { mode: "workspace-write", network: false, title: "workspace-write" },
  { mode: "workspace-write", network: true, title: "workspace-write, network_access = true" },
];

/** Write, read back and remove a file in the command's temp folder ($TMPDIR, else /tmp). */
const TEMP_WRITE = [
  'd="$TMPDIR"; [ -n "$d" ] || d=/tmp; f="$d/mini-codex-doctor-$$"',
  'echo TEMP-WRITTEN > "$f" && cat "$f"; rm -f "$f"',
].join("; ");

const q = (text: string) => `'${text.replaceAll("'", "'\\''")}'`;
const ok = (pass: boolean): Verdict => (pass ? "pass" : "fail");
const read = (path: string) => (existsSync(path) ? readFileSync(path, "utf8") : undefined);

/** A node one-liner that exits 0 when it connects to `target` (a port or a socket path). */
function connects(node: string, target: string): string {
  const script = `require('net').connect(${target}).on('connect',()=>process.exit(0)).on('error',()=>process.exit(1))`;
  return `${q(node)} -e ${q(script)}`;
}

/** A probe whose promise is that the command fails and never shows the canary. */
function unseen(world: DoctorWorld, promise: string, command: string): Probe {
  return {
    promise,
    command,
    verdict: (r) => ok(r.exitCode !== 0 && !r.output.includes(world.canary)),
  };
}

/** What a run's probes may leave behind (removed before the next run). */
export function probeLeftovers(world: DoctorWorld): string[] {
  return [join(world.ws, "doctor-made.txt"), join(world.outside, "doctor-escaped.txt")];
}

function fileProbes(world: DoctorWorld, writable: boolean): Probe[] {
  const [made = "", escaped = ""] = probeLeftovers(world);
  const gitConfig = join(world.ws, ".git", "config");
  const gitBefore = read(gitConfig);
  const probes: Probe[] = [
    {
      promise: writable ? "the workspace is writable" : "the workspace is not writable",
      command: `echo made > ${q(made)}`,
      verdict: () => ok(existsSync(made) === writable),
    },
    {
      promise: "nothing is written outside the workspace",
      command: `echo escaped > ${q(escaped)}`,
      verdict: () => ok(!existsSync(escaped)),
    },
    {
      promise: "a private temp folder is writable",
      command: TEMP_WRITE,
      verdict: (r) => ok(r.exitCode === 0 && r.output.includes("TEMP-WRITTEN")),
    },
    {
      promise: "git's own files are read-only",
      command: `echo '[doctor]' >> ${q(gitConfig)}`,
      verdict: () => ok(read(gitConfig) === gitBefore),
    },
  ];
  if (writable) {
    const original = join(world.outside, "original.txt");
    const before = read(original);
    probes.push({
      promise: "a hard-linked file is read-only (its other copy unchanged)",
      command: `echo changed >> ${q(join(world.ws, "linked.txt"))}`,
      verdict: () => ok(read(original) === before),
    });
  }
  return probes;
}

function hiddenProbes(world: DoctorWorld): Probe[] {
  return [
    unseen(
      world,
      "credential folders are hidden (~/.ssh)",
      `cat ${q(join(world.home, ".ssh", "id_rsa"))}`,
    ),
    unseen(world, "credential files are hidden (~/.netrc)", `cat ${q(join(world.home, ".netrc"))}`),
    unseen(
      world,
      "$MINI_CODEX_HOME is hidden (sessions, ledgers)",
      `cat ${q(join(world.miniCodexHome, "sessions", "s.jsonl"))}`,
    ),
    {
      promise: "the rest of the file system stays readable (~/notes.txt)",
      command: `cat ${q(join(world.home, "notes.txt"))}`,
      verdict: (r) => ok(r.exitCode === 0 && r.output.includes("visible")),
    },
  ];
}

function processProbes(world: DoctorWorld, processListing: boolean, platform: string): Probe[] {
  const pid = world.otherPid;
  const environ = `{ cat /proc/${pid}/environ; ps -E -ww -o command= -p ${pid}; ps e -ww -o command= -p ${pid}; } 2>/dev/null | tr '\\0' '\\n'`;
  const listingOff = platform === "darwin" && !processListing;
  return [
    {
      promise: "other processes are out of reach (no signal, no environment)",
      command: `kill -0 ${pid} 2>/dev/null && echo SIGNALLED; ${environ}; true`,
      verdict: (r) => ok(!r.output.includes("SIGNALLED") && !r.output.includes(world.canary)),
    },
    {
      promise: "os.cpus() lists the CPUs (Node, npm, yarn)",
      command: `${q(world.node)} -e 'process.exit(require("os").cpus().length > 0 ? 0 : 1)'`,
      verdict: (r) => ok(r.exitCode === 0),
    },
    {
      promise: listingOff
        ? "ps lists processes: off ([sandbox_macos] process_listing = false)"
        : "ps lists the command's own processes",
      command: "ps -p $$ -o pid=",
      verdict: (r) => (listingOff ? "off" : ok(r.exitCode === 0 && r.output.trim() !== "")),
    },
  ];
}

function networkProbes(world: DoctorWorld, network: boolean): Probe[] {
  return [
    {
      promise: network
        ? "the network is on (a loopback server answers)"
        : "no network (not even loopback)",
      command: connects(world.node, `${world.port},"127.0.0.1"`),
      verdict: (r) => ok((r.exitCode === 0) === network),
    },
    {
      promise: "service sockets are hidden ($XDG_RUNTIME_DIR)",
      command: connects(world.node, JSON.stringify(world.socket)),
      verdict: (r) => ok(r.exitCode !== 0),
    },
  ];
}

/** The probes of one confined run, in the order the report lists them. */
export function doctorProbes(
  world: DoctorWorld,
  run: { mode: SandboxMode; network: boolean },
  knobs: { processListing: boolean; platform: string },
): Probe[] {
  const writable = run.mode === "workspace-write";
  return [
    ...fileProbes(world, writable),
    ...hiddenProbes(world),
    ...networkProbes(world, run.network),
    ...processProbes(world, knobs.processListing, knobs.platform),
  ];
}

/** The report's lines: per run its probes, then the count. */
export function doctorReport(
  heading: string,
  runs: Array<{ title: string; results: Array<{ promise: string; verdict: Verdict }> }>,
): { text: string; failed: number } {
  const lines = [heading];
  const count = { pass: 0, fail: 0, off: 0 };
  for (const run of runs) {
    lines.push(run.title);
    for (const { promise, verdict } of run.results) {
      count[verdict] += 1;
      lines.push(`  ${verdict.padEnd(4)}  ${promise}`);
    }
  }
  const off = count.off > 0 ? `, ${count.off} off` : "";
  lines.push(`${count.pass} passed, ${count.fail} failed${off}`);
  return { text: `${lines.join("\n")}\n`, failed: count.fail };
}
