// The `@` file popup on a 100 000-file git repository: the one-time listing (git ls-files, as
// the popup reads it) and, per key typed after `@`, the time from the key to the popup's list
// (the same FileMatcher the popup uses, called as often as the popup calls it per key: for the
// key before the insert and for the render after it). Prints one JSON line. `npm run build` first.
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { loadavg, tmpdir } from "node:os";
import { join } from "node:path";
import { percentile, round } from "./lib/session-world.mjs";

const { listWorkspaceFiles } = await import("../dist/ui/input/file-index.js");
const { FileMatcher } = await import("../dist/ui/input/file-matcher.js");
const { POPUP_ROWS } = await import("../dist/ui/input/use-completion.js");

const FILES = Number(process.env.BENCH_FILES ?? 100_000);
const LISTINGS = 3;
const ROUNDS = 5;

const WORDS = (
  "app api auth button cache card client config core data dialog editor event form gear " +
  "grid hook icon index input layout list loader menu model modal page panel parser picker " +
  "popup query render router schema search server session shell store stream table theme " +
  "token tool tree user util view widget worker"
).split(" ");
const EXTS = ["ts", "tsx", "js", "json", "md", "css", "test.ts"];

/** A deterministic tree shaped like a monorepo: packages/<pkg>/src/<area>/<word>-<word>.<ext>. */
function treePaths(count) {
  let seed = 42;
  const next = (n) => {
    seed = (seed * 48271) % 2147483647; // Park–Miller: exact in doubles
    return seed % n;
  };
  const word = () => WORDS[next(WORDS.length)];
  const paths = new Set();
  while (paths.size < count) {
    const pkg = `packages/${word()}-${next(40)}`;
    const area = next(4) === 0 ? `src/${word()}/${word()}` : `src/${word()}`;
    paths.add(`${pkg}/${area}/${word()}-${word()}${next(10)}.${EXTS[next(EXTS.length)]}`);
  }
  return [...paths].sort();
}

/** Memory-backed when the machine has it: 100 000 files on a busy disk take a minute to write. */
const TREE_PARENT = existsSync("/dev/shm") ? "/dev/shm" : tmpdir();

/** The files on disk (empty) and in the index, in one `git update-index --index-info`. */
function buildRepo(paths) {
  const root = mkdtempSync(join(TREE_PARENT, "mini-codex-bench-mentions-"));
  execFileSync("git", ["init", "-q", root]);
  for (const dir of new Set(paths.map((path) => path.slice(0, path.lastIndexOf("/"))))) {
    mkdirSync(join(root, dir), { recursive: true });
  }
  for (const path of paths) writeFileSync(join(root, path), "");
  const blob = execFileSync("git", ["hash-object", "-w", "--stdin"], { cwd: root, input: "" })
    .toString()
    .trim();
  const index = paths.map((path) => `100644 ${blob}\t${path}`).join("\n");
  execFileSync("git", ["update-index", "--index-info"], { cwd: root, input: `${index}\n` });
  return root;
}

/** What a person types after `@`: each prefix is one key (fuzzy, path-ish, a miss). */
const QUERIES = [
  "gearbox",
  "src/widget/popup",
  "sessionstore",
  "routertest",
  "pkgapi",
  "README",
  "qqqzzz",
];

const setupStarted = performance.now();
const paths = treePaths(FILES);
const root = buildRepo(paths);
const setupMs = performance.now() - setupStarted;

try {
  const listings = [];
  let files = [];
  for (let i = 0; i < LISTINGS; i++) {
    const started = performance.now();
    files = await listWorkspaceFiles(root);
    listings.push(performance.now() - started);
  }
  if (files.length !== FILES) throw new Error(`listed ${files.length} files, not ${FILES}`);
  // Each round types every query on a fresh matcher (the popup's state after a new `@`); a
  // key's figure is its median over the rounds, so a busy machine's scheduling stalls (2 cores
  // shared by many processes) do not pass for the matcher's cost. The raw samples are reported.
  const builds = [];
  const samples = new Map();
  let shown = 0;
  for (let round = 0; round < ROUNDS; round++) {
    const built = performance.now();
    const matcher = new FileMatcher(files);
    builds.push(performance.now() - built);
    for (const query of QUERIES) {
      for (let n = 1; n <= query.length; n++) {
        const started = performance.now();
        matcher.match(query.slice(0, n - 1), POPUP_ROWS); // the key, seen by the open popup
        const items = matcher.match(query.slice(0, n), POPUP_ROWS); // the render after it
        const key = `${query}:${n}`;
        samples.set(key, [...(samples.get(key) ?? []), performance.now() - started]);
        shown += items.length;
      }
    }
  }
  const perKey = [...samples.values()].map((times) => percentile(times, 50));
  const all = [...samples.values()].flat();
  if (process.env.BENCH_TRACE)
    console.error([...samples.keys()].map((k, i) => `${k} ${perKey[i]}`));
  if (shown === 0) throw new Error("no query matched anything");
  const sorted = [...listings].sort((a, b) => a - b);
  console.log(
    JSON.stringify({
      bench: "file-mentions",
      files: files.length,
      keys: perKey.length,
      listing_ms: round(sorted[Math.floor(sorted.length / 2)]),
      matcher_build_ms: round(percentile(builds, 50)),
      rounds: ROUNDS,
      key_to_list_median_ms: round(percentile(perKey, 50)),
      key_to_list_p95_ms: round(percentile(perKey, 95)),
      key_to_list_max_ms: round(Math.max(...perKey)),
      all_samples_p95_ms: round(percentile(all, 95)),
      load_1m: round(loadavg()[0], 1),
      setup_ms: round(setupMs),
    }),
  );
} finally {
  rmSync(root, { recursive: true, force: true });
}
