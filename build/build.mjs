// `npm run build`: tsc, the bundles (rolldown), the pre-rendered help, the seeded code caches
// (build/seed-code-cache.mjs). It does no work
// when nothing it reads changed since the last build that succeeded: a digest of every input
// (src/, build/, bin/, the configs, package.json, the lock file and Node's version, which the code
// cache seeds are keyed on) is kept in dist/.build-inputs, written only after every step
// succeeded. `--quiet` (npm run demo) prints nothing unless a
// step fails (then its whole output); `--force` builds even when the digest matches.
import { spawnSync } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { join, relative, sep } from "node:path";
import { fileURLToPath } from "node:url";

const ROOT = fileURLToPath(new URL("../", import.meta.url));

/** What the build reads: folders walked whole, and single files (bin/: the launcher seeds the code caches). */
const INPUT_DIRS = ["src", "build", "bin"];
const INPUT_FILES = [
  "package.json",
  "package-lock.json",
  "tsconfig.json",
  "tsconfig.build.json",
  "rolldown.config.mjs",
];
/** What a finished build leaves; a missing one means build again whatever the digest says. */
const OUTPUTS = ["dist/cli/main.js", "dist/bundle/main.js", "dist/bundle-cjs/mini-codex.cjs", "dist/help.json"];
export const STAMP = "dist/.build-inputs";

function filesUnder(dir) {
  const out = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...filesUnder(path));
    else if (entry.isFile()) out.push(path);
  }
  return out;
}

/** One digest over the path and bytes of every input, in a fixed order. */
export function inputsDigest(root = ROOT, dirs = INPUT_DIRS, files = INPUT_FILES) {
  const paths = [
    ...dirs.flatMap((dir) => (existsSync(join(root, dir)) ? filesUnder(join(root, dir)) : [])),
    ...files.map((file) => join(root, file)).filter((path) => existsSync(path)),
  ].map((path) => relative(root, path).split(sep).join("/"));
  const hash = createHash("sha256");
  hash.update(`node ${process.version}\0`);
  for (const path of paths.sort()) {
    hash.update(`${path}\0`);
    hash.update(readFileSync(join(root, path)));
    hash.update("\0");
  }
  return hash.digest("hex");
}

/** Whether dist/ was built, completely, from exactly these inputs. */
export function upToDate(root = ROOT, digest = inputsDigest(root)) {
  if (!OUTPUTS.every((output) => existsSync(join(root, output)))) return false;
  try {
    return readFileSync(join(root, STAMP), "utf8").trim() === digest;
  } catch {
    return false;
  }
}

const STEPS = [
  ["tsc", ["-p", "tsconfig.build.json"]],
  ["rolldown", ["-c", "rolldown.config.mjs"]],
  [process.execPath, ["build/render-help.mjs"]],
  // never fails the build: a failed seed costs only that seed
  [process.execPath, ["build/seed-code-cache.mjs"]],
];

function run(command, args, quiet) {
  const bin = command === process.execPath ? command : join(ROOT, "node_modules", ".bin", command);
  return spawnSync(bin, args, {
    cwd: ROOT,
    stdio: quiet ? ["ignore", "pipe", "pipe"] : "inherit",
    encoding: "utf8",
  });
}

/** Build unless up to date; resolves with the exit code. */
export function build({ quiet = false, force = false } = {}) {
  const digest = inputsDigest();
  if (!force && upToDate(ROOT, digest)) {
    if (!quiet) process.stdout.write("build: up to date (no input changed since the last build)\n");
    return 0;
  }
  // a build cut short must not look finished
  rmSync(join(ROOT, STAMP), { force: true });
  // on a terminal, one line while it works, erased after: nothing is left above the TUI
  const transient = quiet && process.stderr.isTTY;
  if (transient) process.stderr.write("building mini-codex (once after each change)…");
  for (const [command, args] of STEPS) {
    const result = run(command, args, quiet);
    if (result.status !== 0) {
      if (transient) process.stderr.write("\r\x1b[K");
      if (quiet) process.stderr.write(`${result.stdout ?? ""}${result.stderr ?? ""}`);
      process.stderr.write(`build: ${command} ${args.join(" ")} failed\n`);
      return result.status ?? 1;
    }
  }
  if (transient) process.stderr.write("\r\x1b[K");
  writeFileSync(join(ROOT, STAMP), `${digest}\n`);
  return 0;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const args = new Set(process.argv.slice(2));
  process.exitCode = build({ quiet: args.has("--quiet"), force: args.has("--force") });
}
