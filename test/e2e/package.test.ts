// The npm package as a person gets it: `npm pack` (its prepack builds), the tarball installed
// into a fresh global prefix (its dependencies from the npm cache, else the registry), and the
// installed `mini-codex` command run from a temp git repository outside this checkout: the CLI,
// exec, the ACP agent under acpx (a real headless editor) and the TUI.
import { execFile, execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { jsonLines, type TempWorld, tempWorld } from "./helpers.js";
import { hasTmux, startPane } from "./tmux.js";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const ACPX = join(ROOT, "node_modules", "acpx", "dist", "cli.js");
const run = promisify(execFile);

interface PackageJson {
  version: string;
  dependencies: Record<string, string>;
}
const manifest = JSON.parse(readFileSync(join(ROOT, "package.json"), "utf8")) as PackageJson;

let scratch: string;
let tarball: string;
/** Each test's own temp home and repository (an answer recorded by one never reaches another). */
const worlds: TempWorld[] = [];
function newWorld(): TempWorld {
  const world = tempWorld();
  worlds.push(world);
  return world;
}
/** The installed command (in the prefix's bin/). */
let bin: string;

beforeAll(async () => {
  scratch = mkdtempSync(join(tmpdir(), "mini-codex-package-"));
  // prepack runs `npm run build` (up to date after the suite's own build: it says so and is done)
  await run("npm", ["pack", "--pack-destination", scratch], { cwd: ROOT });
  const [name] = readdirSync(scratch).filter((file) => file.endsWith(".tgz"));
  tarball = join(scratch, name as string);
  const prefix = join(scratch, "prefix");
  await run(
    "npm",
    ["install", "-g", "--prefix", prefix, "--prefer-offline", "--no-audit", "--no-fund", tarball],
    { cwd: scratch },
  );
  bin = join(prefix, "bin", "mini-codex");
}, 600_000);

/** The installed command as a person runs it, in the world's repository, stdin closed. */
function installedRun(world: TempWorld, args: string[]) {
  const pending = run(bin, args, { cwd: world.repo, env: world.env() });
  pending.child.stdin?.end();
  return pending;
}

afterAll(() => {
  for (const world of worlds) world.cleanup();
  if (scratch) rmSync(scratch, { recursive: true, force: true });
});

describe("the npm package (npm pack, then npm install -g of the tarball)", () => {
  it("carries the launcher, the bundles and the help, no tsc output, and only the dependencies the bundles load", async () => {
    const files = execFileSync("tar", ["-tzf", tarball], { encoding: "utf8" })
      .split("\n")
      .filter((line) => line !== "")
      .map((line) => line.replace(/^package\//, ""));
    for (const needed of [
      "bin/mini-codex.js",
      "bin/package.json",
      "dist/bundle/main.js",
      "dist/bundle-cjs/mini-codex.cjs",
      "dist/bundle-cjs/mini-codex.cjs.facts.json",
      "dist/help.json",
      "prompts/base.md",
    ]) {
      expect(files).toContain(needed);
    }
    // tsc's output, source maps, the code-cache seeds (valid only on the packing Node) stay home
    expect(
      files.filter((file) => /^dist\/(?!bundle\/|bundle-cjs\/|help\.json)/.test(file)),
    ).toEqual([]);
    expect(files.filter((file) => /\.map$|\/code-cache\/|mini-codex-demo/.test(file))).toEqual([]);
    // the runtime dependencies are exactly the packages the bundles leave outside themselves
    const config = (await import(join(ROOT, "rolldown.config.mjs"))) as {
      default: Array<{ external: string[] }>;
    };
    const external = config.default[0]?.external ?? [];
    const runtime = external.filter((name) => name !== "react-devtools-core").sort();
    expect(Object.keys(manifest.dependencies).sort()).toEqual(runtime);
  });

  it("runs from the fresh prefix: --version, --help, and exec --demo with a command in a pseudo-terminal", async () => {
    const world = newWorld();
    const version = await installedRun(world, ["--version"]);
    expect(version.stdout).toBe(`${manifest.version}\n`);
    const help = await installedRun(world, ["--help"]);
    expect(help.stdout).toContain("Usage: mini-codex");

    // exec_command's `start:` runs the command in a pseudo-terminal: node-pty, loaded from the
    // installed package's own node_modules
    const exec = await installedRun(world, [
      "exec",
      "--demo",
      "--json",
      "-c",
      'shell_tool="exec_command"',
      "start: tty",
    ]);
    const events = jsonLines(exec.stdout);
    const items = events
      .filter((event) => event.type === "item.completed")
      .map((event) => event.item as { type: string; aggregated_output?: string });
    const command = items.find((item) => item.type === "command_execution");
    expect(command).toMatchObject({ command: "tty", status: "completed", exit_code: 0 });
    expect(command?.aggregated_output).toMatch(/^\/dev\//);
    expect(events.at(-1)?.type).toBe("turn.completed");
  });

  it("serves an editor from the fresh prefix: `mini-codex acp` under acpx runs a command", async () => {
    const world = newWorld();
    // acpx keeps its state under $HOME/.acpx (the world's) and an owner process for --ttl seconds;
    // --approve-all answers the folder-trust question and any approval
    const acpx = await run(
      process.execPath,
      [
        ACPX,
        "--ttl",
        "5",
        "--approve-all",
        "--agent",
        `${bin} acp --demo`,
        "exec",
        "run: echo via-acp",
      ],
      { cwd: world.repo, env: world.env() },
    );
    expect(acpx.stdout).toContain("via-acp");
    expect(acpx.stdout).toContain("Ran the command. Exit code 0.");
  });

  it.skipIf(!hasTmux)("starts the TUI from the fresh prefix", async () => {
    const world = newWorld();
    const pane = startPane({ world, baseUrl: "", shell: `'${bin}' --demo` });
    await pane.until(() => pane.screen().includes("Do you trust the contents"), "folder trust");
    pane.literal("1");
    await pane.until(() => pane.idle(), "the TUI to be ready");
    pane.type("hello from the package");
    await pane.until(
      () => pane.screen().includes("You said: hello from the package"),
      "the demo's answer",
    );
    pane.kill();
  });
});
