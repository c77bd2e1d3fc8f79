// What hook trust costs since it covers the scripts hooks run (docs/config.md, Hooks):
// `loadHooks` at start-up (read hooks.json, decide each hook's files, hash them, judge trust)
// for a project keeping Codex-style hooks — 6 hooks in .codex/hooks.json naming scripts in
// .codex/hooks/ (one through `$(git rev-parse --show-toplevel)`, so that folder is read whole),
// 24 files of 4 KB there — trusted beforehand, as on every start after the first; and
// `check_ms`, the check right before a run (HookGate.admit: the same reading and hashing) of
// all 6 hooks, what one event costs at most. Also: no hooks at all (the common case), and the
// same project with many files (a 300-file folder, read whole). Prints one JSON line. Run
// `npm run build` first.
import { execFileSync } from "node:child_process";
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { performance } from "node:perf_hooks";
import { loadHooks } from "../dist/launch/context/hook-sources.js";

const RUNS = Number(process.env.BENCH_RUNS ?? 25);
const root = mkdtempSync(join(tmpdir(), "mini-codex-bench-hooks-"));

function project(name, scripts) {
  const repo = join(root, name);
  execFileSync("git", ["init", "-q", repo]);
  mkdirSync(join(repo, ".codex", "hooks"), { recursive: true });
  for (let i = 0; i < scripts; i++)
    writeFileSync(join(repo, ".codex", "hooks", `s${i}.py`), `# ${i}\n${"x = 1\n".repeat(680)}`);
  const command = (text) => [{ hooks: [{ type: "command", command: text }] }];
  const hooks = {
    SessionStart: command("python3 .codex/hooks/s0.py"),
    UserPromptSubmit: command("python3 .codex/hooks/s1.py"),
    PreToolUse: command('python3 "$(git rev-parse --show-toplevel)/.codex/hooks/s2.py"'),
    PostToolUse: command("python3 .codex/hooks/s3.py --log .codex/hooks/s4.py"),
    PermissionRequest: command("sh .codex/hooks/s5.py"),
    Stop: command("python3 .codex/hooks/s6.py"),
  };
  writeFileSync(join(repo, ".codex", "hooks.json"), JSON.stringify({ hooks }));
  return repo;
}

const median = (values) => values.sort((a, b) => a - b)[Math.floor(values.length / 2)];

async function measure(cwd) {
  const home = join(root, `home-${cwd.split("/").pop()}`);
  const input = { home, cwd, env: { HOME: root }, bypassTrust: false, warn: () => {} };
  const first = loadHooks(input);
  first.trust(first.untrusted());
  const times = [];
  let hooks;
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    hooks = loadHooks(input);
    times.push(performance.now() - start);
  }
  if (hooks.untrusted().length > 0) throw new Error("a trusted hook asked again");
  const gate = hooks.gate();
  const signal = new AbortController().signal;
  const checks = [];
  for (let i = 0; i < RUNS; i++) {
    const start = performance.now();
    for (const handler of hooks.all) {
      if (!(await gate.admit(handler, signal)).run) throw new Error("a trusted hook was stopped");
    }
    checks.push(performance.now() - start);
  }
  return {
    hooks: hooks.all.length,
    files_hashed: hooks.filesHashed,
    ms: Number(median(times).toFixed(2)),
    check_ms: hooks.all.length ? Number(median(checks).toFixed(2)) : 0,
  };
}

try {
  const none = join(root, "plain");
  execFileSync("git", ["init", "-q", none]);
  console.log(
    JSON.stringify({
      bench: "hook-trust",
      runs: RUNS,
      no_hooks: await measure(none),
      codex_style_project: await measure(project("codex-style", 24)),
      full_hooks_folder: await measure(project("full-folder", 300)),
    }),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
