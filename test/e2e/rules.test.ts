import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import type { DemoServer } from "../../src/demo/index.js";
import { startCheckedDemoServer } from "../demo/client-check.js";
import { demoSuite, runCli, type TempWorld, tempWorld } from "./helpers.js";
import { buildIfStale, hasTmux, type Pane, startPane } from "./tmux.js";

// Issue 29: `.rules` files decide commands as written, in exec and in the TUI.
const RULES = `prefix_rule(pattern = ["touch"], decision = "allow")
prefix_rule(pattern = ["ls"], decision = "prompt", justification = "listing is checked")
prefix_rule(
    pattern = ["rm", "-rf"],
    decision = "forbidden",
    justification = "use trash instead",
)
`;

function writeRules(world: TempWorld, text = RULES) {
  mkdirSync(join(world.home, "rules"), { recursive: true });
  writeFileSync(join(world.home, "rules", "default.rules"), text);
}

describe("exec: rules on disk decide three commands", () => {
  const suite = demoSuite();
  const exec = (prompt: string) =>
    runCli(["exec", ...suite.against(), "-s", "workspace-write", prompt], {
      env: suite.world.env(),
    });

  it("allow runs, prompt and forbidden are refused with the rule named", async () => {
    writeRules(suite.world);
    mkdirSync(join(suite.world.repo, "victim"));
    const allowed = await exec("run: touch made.txt");
    expect(allowed.stdout).toContain("Ran the command. Exit code 0.");
    expect(existsSync(join(suite.world.repo, "made.txt"))).toBe(true);
    const prompted = await exec("run: ls");
    expect(prompted.stdout).toContain("a rule says to ask before this command");
    expect(prompted.stdout).toContain("listing is checked");
    const forbidden = await exec("run: rm -rf victim");
    expect(forbidden.stdout).toContain("forbidden by a rule");
    expect(forbidden.stdout).toContain("default.rules:3): use trash instead");
    expect(existsSync(join(suite.world.repo, "victim"))).toBe(true);
  }, 60_000);

  it("a malformed rule stops the start with its file and line", async () => {
    writeRules(
      suite.world,
      'prefix_rule(pattern = ["a"])\nprefix_rule(pattern = ["b"], decision = "never")\n',
    );
    const run = await exec("hello");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      `rules: ${join(suite.world.home, "rules", "default.rules")}:2:41: \`decision\` must be`,
    );
  });

  it("a project's rules file nesting 20 000 lists stops the start with its file, line and column", async () => {
    // issue 43 defect 3: this was "Maximum call stack size exceeded", naming nothing
    const folder = join(suite.world.repo, ".codex", "rules");
    mkdirSync(folder, { recursive: true });
    writeFileSync(join(folder, "deep.rules"), `prefix_rule(pattern = ${"[".repeat(20_000)}\n`);
    const run = await exec("hello");
    expect(run.code).not.toBe(0);
    expect(run.stderr).toContain(
      `rules: ${join(folder, "deep.rules")}:1:55: lists nested deeper than 32 levels`,
    );
    expect(run.stderr).not.toContain("Maximum call stack");
  });
});

describe.skipIf(!hasTmux)("TUI: rules decide, and 'always' lasts to the next session", () => {
  let server: DemoServer;
  let world: TempWorld;
  let pane: Pane | undefined;
  const open = (args: string[]) => {
    pane = startPane({
      world,
      baseUrl: server.baseUrl,
      args: ["-c", 'approval_policy="untrusted"', ...args],
    });
    return pane;
  };
  beforeAll(async () => {
    buildIfStale();
    server = await startCheckedDemoServer();
    world = tempWorld();
    writeRules(world);
  }, 180_000);
  afterEach(() => pane?.kill());
  afterAll(async () => {
    await server?.close();
    world?.cleanup();
  });

  it("allow runs unasked, prompt asks for a read-only command, forbidden is refused", async () => {
    mkdirSync(join(world.repo, "victim"));
    const p = open(["run: touch made.txt"]);
    await p.until(
      () => p.screen().includes("Ran the command. Exit code 0."),
      "the allowed command",
    );
    expect(p.screen()).not.toContain("Run this command?");
    await p.until(() => p.idle(), "the turn to end");
    p.type("run: ls");
    await p.until(() => p.screen().includes("Run this command?"), "the prompt rule's question");
    p.literal("y");
    await p.until(() => p.screen().match(/Ran the command\./g)?.length === 2, "ls after yes");
    await p.until(() => p.idle(), "the turn to end");
    p.type("run: rm -rf victim");
    await p.until(() => p.screen().includes("forbidden by a rule"), "the refusal");
    expect(existsSync(join(world.repo, "victim"))).toBe(true);
  }, 90_000);

  it('"always (saved to rules)" writes a rule the next session honours; /permissions lists it', async () => {
    const p = open(["run: mkdir first"]);
    await p.until(() => p.screen().includes("Run this command?"), "the question");
    expect(p.screen()).toContain(
      "[s] Yes, and always allow commands that start with `mkdir` (saved to rules)",
    );
    p.literal("s");
    await p.until(() => p.screen().includes("rule saved: allow `mkdir`"), "the saved note");
    const file = join(world.home, "rules", "default.rules");
    expect(readFileSync(file, "utf8")).toContain('pattern = ["mkdir"]');
    p.kill();
    const next = open(["run: mkdir second"]);
    await next.until(
      () => next.screen().includes("Ran the command. Exit code 0."),
      "mkdir unasked",
    );
    expect(existsSync(join(world.repo, "second"))).toBe(true);
    await next.until(() => next.idle(), "the turn to end");
    next.type("/permissions");
    await next.until(() => next.screen().includes("allow  mkdir"), "the listed rule");
    expect(next.screen()).toContain("forbidden  rm -rf");
  }, 90_000);
});
