// Runs every benchmark in bench/ once and writes BENCHMARKS.md: the machine, the date, each
// target (docs: issue 19) with its figure and whether it is met, then every bench's own figures.
// `npm run bench` (builds nothing: run `npm run build` first). BENCH_ONLY=a,b runs a subset and
// merges it into the BENCHMARKS.md there is: the other benches' figures are kept as they were.
import { spawn } from "node:child_process";
import { existsSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { cpus, loadavg, totalmem } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { TARGET_NOTES } from "./lib/target-notes.mjs";
import { TARGETS } from "./targets.mjs";

const here = dirname(fileURLToPath(import.meta.url));
const only = process.env.BENCH_ONLY?.split(",");
const scripts = readdirSync(here)
  .filter((name) => name.endsWith(".mjs") && !["run-all.mjs", "targets.mjs"].includes(name))
  .filter((name) => !only || only.includes(name.replace(/\.mjs$/, "")))
  .sort();

/** Run one script; its last stdout line that parses as JSON with a `bench` field is its result. */
function runScript(name) {
  return new Promise((resolve) => {
    const started = performance.now();
    // --expose-gc: a bench may start each timed run from a collected heap (patch-scaling does)
    const child = spawn(process.execPath, ["--expose-gc", join(here, name)], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    const timer = setTimeout(() => child.kill("SIGKILL"), 150_000);
    let out = "";
    child.stdout.on("data", (chunk) => {
      out += chunk;
      process.stdout.write(chunk);
    });
    child.on("close", (code, signal) => {
      clearTimeout(timer);
      const seconds = (performance.now() - started) / 1000;
      const result = out
        .split("\n")
        .reverse()
        .map((line) => {
          try {
            return JSON.parse(line);
          } catch {
            return undefined;
          }
        })
        .find((value) => value && typeof value === "object" && "bench" in value);
      resolve({ name, code, signal, seconds, result });
    });
  });
}

/**
 * The runs a BENCHMARKS.md records (its "### name.mjs (seconds s)" sections), and the line
 * saying when it was produced: kept for the benches a BENCH_ONLY run leaves out.
 */
function earlierRuns(text) {
  const section = /^### (\S+\.mjs) \(([\d.]+) s(?:, exit (\S+))?\)\n\n```json\n([\s\S]*?)\n```$/gm;
  const runs = [...text.matchAll(section)].map(([, name, seconds, exit, json]) => ({
    name,
    code: exit ?? 0,
    seconds: Number(seconds),
    result: json === "(no figures)" ? undefined : JSON.parse(json),
  }));
  const produced = text.split("\n").find((line) => line.startsWith("Produced by "));
  const machine = text.split("\n").find((line) => line.startsWith("Machine: "));
  return { runs, produced, machine };
}

const outFile = join(here, "..", "BENCHMARKS.md");
const earlier =
  only && existsSync(outFile) ? earlierRuns(readFileSync(outFile, "utf8")) : { runs: [] };
const startedAt = new Date();
const fresh = [];
for (const name of scripts) fresh.push(await runScript(name));
const benchExists = (name) => existsSync(join(here, name));
const runs = [
  ...earlier.runs.filter((r) => benchExists(r.name) && !scripts.includes(r.name)),
  ...fresh,
].sort((a, b) => a.name.localeCompare(b.name));
const results = Object.fromEntries(
  runs.filter((r) => r.result).map((r) => [r.result.bench, r.result]),
);
const failed = fresh.filter((r) => r.code !== 0 || !r.result);
const totalSeconds = runs.reduce((sum, r) => sum + r.seconds, 0);

const cell = (value) => (value === undefined || value === null ? "—" : String(value));
const rows = TARGETS.map((target) => {
  const figures = results[target.bench];
  if (!figures) return `| ${target.label} | ${target.target} | not run | — |`;
  if (figures.skipped)
    return `| ${target.label} | ${target.target} | skipped: ${figures.skipped} | — |`;
  const figure = target.figure(figures);
  const met = target.met(figures);
  return `| ${target.label} | ${target.target} | ${cell(figure)} | ${met ? "met" : "**not met**"} |`;
});
/** Under the table: for each target not met in this run, what was measured and why. */
const notMetNotes = TARGETS.filter((target) => {
  const figures = results[target.bench];
  return figures && !figures.skipped && !target.met(figures) && TARGET_NOTES[target.note];
}).flatMap((target) => [
  `- **${target.label}**`,
  ...TARGET_NOTES[target.note].map((n) => `  ${n}`),
]);
const cpu = cpus()[0]?.model ?? "unknown CPU";
const load = loadavg()
  .map((n) => n.toFixed(1))
  .join(" / ");
const merged = earlier.produced !== undefined && earlier.runs.length > 0;
const text = [
  "# Benchmarks",
  "",
  merged
    ? `${earlier.produced.replace(/\.$/, "")}; ${scripts.join(", ")} run again alone (BENCH_ONLY) on ${startedAt.toISOString()}, load average at its end ${load}.`
    : `Produced by \`npm run bench\` (bench/run-all.mjs) on ${startedAt.toISOString()} in ${totalSeconds.toFixed(0)} s.`,
  "",
  merged
    ? earlier.machine
    : `Machine: ${cpu}, ${cpus().length} cores, ${(totalmem() / 2 ** 30).toFixed(1)} GiB, Node ${process.version}, ${process.platform}-${process.arch}; load average at the end ${load} (1/5/15 min).`,
  "Times are wall-clock medians of runs interleaved with their baseline, so a change in machine",
  "load hits both alike; on a shared, loaded machine absolute figures run high, ratios less so.",
  "",
  "## Targets",
  "",
  "| target | wanted | figure | |",
  "|---|---|---|---|",
  ...rows,
  `| \`npm run bench\`: every benchmark | < 3 min | ${totalSeconds.toFixed(0)} s | ${totalSeconds < 180 ? "met" : "**not met**"} |`,
  "",
  ...(notMetNotes.length > 0
    ? ["### Not met: what was measured, and why", "", ...notMetNotes, ""]
    : []),
  "## Every benchmark's figures",
  "",
  ...runs.flatMap((r) => [
    `### ${r.name} (${r.seconds.toFixed(1)} s${r.code === 0 ? "" : `, exit ${r.code ?? r.signal}`})`,
    "",
    "```json",
    r.result ? JSON.stringify(r.result, null, 1) : "(no figures)",
    "```",
    "",
  ]),
].join("\n");
writeFileSync(outFile, text);
console.log(
  `wrote BENCHMARKS.md (${fresh.length} benchmarks run${merged ? `, ${runs.length - fresh.length} kept from the file` : ""}, ${totalSeconds.toFixed(0)} s)`,
);
for (const r of failed) console.error(`bench ${r.name} failed (exit ${r.code ?? r.signal})`);
process.exit(failed.length === 0 ? 0 : 1);
