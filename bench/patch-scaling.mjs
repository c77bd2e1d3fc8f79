// Time of an apply_patch update that rewrites every line of a 1 000, 10 000 and 100 000-line
// file (linear: the 100 000 figure should stay within 15x of the 10 000 one), and how fast a
// process applying the 100 000-line patch exits on SIGTERM, with the file left untouched.
// Prints one JSON line. Run after `npm run build` (with node --expose-gc each timed run starts
// from a collected heap, which steadies the figures).
import { spawn } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync, writeSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { fileURLToPath } from "node:url";
import { runApplyPatch } from "../dist/tools/apply-patch/tool.js";

const SIZES = [1_000, 10_000, 100_000];

function fixture(n) {
  const old = Array.from({ length: n }, (_, i) => `    const value_${i} = compute(${i}, "old");`);
  const patch = [
    "*** Begin Patch",
    "*** Update File: big.ts",
    "@@",
    ...old.map((l) => `-${l}`),
    ...old.map((l) => `+${l.replace('"old"', '"new"')}`),
    "*** End Patch",
  ].join("\n");
  return { text: `${old.join("\n")}\n`, patch };
}

function context(cwd, signal) {
  return {
    callId: "bench",
    cwd,
    workspaceRoots: [cwd],
    sandbox: "workspace-write",
    signal,
    emit() {},
  };
}

async function timeRewrite(n) {
  const dir = mkdtempSync(join(tmpdir(), "patch-scaling-"));
  try {
    const { text, patch } = fixture(n);
    let best = Number.POSITIVE_INFINITY;
    for (let run = 0; run < (n >= 100_000 ? 5 : 9); run += 1) {
      writeFileSync(join(dir, "big.ts"), text);
      globalThis.gc?.(); // leftover garbage of the fixture and earlier runs is not this run's cost
      const started = performance.now();
      const out = await runApplyPatch(patch, context(dir, new AbortController().signal));
      const ms = performance.now() - started;
      if (!out.startsWith("Success.")) throw new Error(`the rewrite failed: ${out.slice(0, 200)}`);
      best = Math.min(best, ms);
    }
    return best;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** Child: apply the 100 000-line rewrite; SIGTERM aborts it as `exec` does (exit 143). */
async function child(dir) {
  const controller = new AbortController();
  process.on("SIGTERM", () => controller.abort());
  const { patch } = fixture(100_000);
  writeSync(1, "applying\n");
  const out = await runApplyPatch(patch, context(dir, controller.signal));
  process.exit(out.startsWith("aborted") ? 143 : 0);
}

async function sigtermDuringRewrite() {
  const dir = mkdtempSync(join(tmpdir(), "patch-scaling-term-"));
  try {
    const { text } = fixture(100_000);
    writeFileSync(join(dir, "big.ts"), text);
    const proc = spawn(process.execPath, [fileURLToPath(import.meta.url), "--child", dir], {
      stdio: ["ignore", "pipe", "inherit"],
    });
    let sentAt = 0;
    proc.stdout.on("data", (data) => {
      if (sentAt === 0 && String(data).includes("applying")) {
        sentAt = performance.now();
        proc.kill("SIGTERM");
      }
    });
    const code = await new Promise((resolve) => proc.on("exit", (c, s) => resolve(c ?? s)));
    const exitMs = performance.now() - sentAt;
    const untouched = readFileSync(join(dir, "big.ts"), "utf8") === text;
    return { exitMs, code, untouched };
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (process.argv[2] === "--child") {
  await child(process.argv[3]);
} else {
  await timeRewrite(1_000); // warm-up (JIT)
  const ms = {};
  for (const n of SIZES) ms[n] = await timeRewrite(n);
  const term = await sigtermDuringRewrite();
  const ratio = ms[100_000] / ms[10_000];
  console.log(
    JSON.stringify({
      bench: "patch-scaling",
      ms_1k: Number(ms[1_000].toFixed(1)),
      ms_10k: Number(ms[10_000].toFixed(1)),
      ms_100k: Number(ms[100_000].toFixed(1)),
      ratio_100k_over_10k: Number(ratio.toFixed(2)),
      sigterm_exit_ms: Number(term.exitMs.toFixed(1)),
      sigterm_exit_code: term.code,
      sigterm_file_untouched: term.untouched,
      within_target: ratio <= 15 && term.exitMs < 1000 && term.untouched && term.code === 143,
    }),
  );
}
