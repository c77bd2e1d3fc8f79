import { spawnSync } from "node:child_process";
import { mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BIN, cleanEnv, runCli, type TempWorld, tempWorld } from "./helpers.js";

const hasScript = spawnSync("script", ["--version"]).status === 0;

const pkg = JSON.parse(readFileSync(new URL("../../package.json", import.meta.url), "utf8")) as {
  version: string;
};

let world: TempWorld;
beforeEach(() => {
  world = tempWorld();
});
afterEach(() => world.cleanup());

describe("mini-codex command line (built binary)", () => {
  it("prints the package version", async () => {
    const run = await runCli(["--version"]);
    expect(run.code).toBe(0);
    expect(run.stdout.trim()).toBe(pkg.version);
  });

  it("refuses to summarise a file that is not a ledger", async () => {
    const junk = join(world.root, "notes.txt");
    writeFileSync(junk, 'root:x:0:0:root:/root:/bin/bash\n{"seq": 1}\n');
    const run = await runCli(["ledger", junk], { env: world.env() });
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("is not a mini-codex ledger");
    expect(run.stdout).toBe("");
  });

  it("lists exec in --help and the flags of docs/config.md in exec --help", async () => {
    const top = await runCli(["--help"]);
    expect(top.code).toBe(0);
    expect(top.stdout).toMatch(/exec \[options\] \[PROMPT\]/);
    expect(top.stdout).toContain("ledger");
    const exec = await runCli(["exec", "--help"]);
    for (const flag of [
      "--model",
      "--config",
      "--cd",
      "--add-dir",
      "--sandbox",
      "--ask-for-approval",
      "--full-auto",
      "--dangerously-bypass-approvals-and-sandbox",
      "--yolo",
      "--skip-git-repo-check",
      "--effort",
      "--demo",
      "--json",
      "--output-last-message",
      "--output-schema",
      "--ephemeral",
      "resume",
    ]) {
      expect(exec.stdout).toContain(flag);
    }
    // honest about what each mode enforces
    const help = exec.stdout.replace(/\s+/g, " ");
    expect(help).toContain("shell commands (bubblewrap; Seatbelt on macOS)");
    expect(help).toContain("danger-full-access: no confinement");
    expect(help).toContain("-a on-request -s workspace-write");
    const tui = (await runCli(["--help"])).stdout.replace(/\s+/g, " ");
    expect(tui).toContain("--ask-for-approval");
    expect(tui).toContain("--full-auto");
  });

  it("exits 2 on a usage error", async () => {
    const unknown = await runCli(["exec", "--no-such-flag", "hi"]);
    expect(unknown.code).toBe(2);
    expect(unknown.stderr).toContain("--no-such-flag");
    const badChoice = await runCli(["exec", "--sandbox", "everything", "hi"]);
    expect(badChoice.code).toBe(2);
    const resume = await runCli(["exec", "resume"]);
    expect(resume.code).toBe(2);
    expect(resume.stderr).toContain("--last");
  });

  it.skipIf(!hasScript)(
    "exec on a terminal with no prompt exits 1 at once instead of waiting for stdin",
    async () => {
      // `script` gives the binary a pseudo-terminal as stdin
      const command = `${JSON.stringify(process.execPath)} ${JSON.stringify(BIN)} exec --demo -C ${JSON.stringify(world.repo)}`;
      const run = spawnSync("script", ["-qec", command, "/dev/null"], {
        env: world.env(),
        encoding: "utf8",
        // one that waits for stdin never ends: killed here (no status); a start under load
        // takes up to 10 s, so this guard is well past it and inside the test's minute
        timeout: 45_000,
      });
      expect(run.status).toBe(1);
      expect(run.stdout).toContain("No prompt provided");
    },
  );

  it("refuses the interactive mode without a terminal and points to exec", async () => {
    const run = await runCli(["hello"]);
    expect(run.code).toBe(1);
    expect(run.stderr).toContain("mini-codex exec");
  });

  it("fails a bad config value naming the key, and broken TOML naming file and line", async () => {
    mkdirSync(world.home, { recursive: true });
    const env = cleanEnv({ MINI_CODEX_HOME: world.home });
    const badValue = await runCli(
      ["exec", "--demo", "-C", world.repo, "-c", "max_tool_rounds=-3", "hi"],
      { env },
    );
    expect(badValue.code).toBe(1);
    expect(badValue.stderr).toContain("max_tool_rounds");
    writeFileSync(join(world.home, "config.toml"), 'model = "x"\nmodel = = 1\n');
    const broken = await runCli(["exec", "--demo", "-C", world.repo, "hi"], { env });
    expect(broken.code).toBe(1);
    expect(broken.stderr).toContain(`${join(world.home, "config.toml")}:2`);
  });

  it("exec keeps a configured approval_policy and tells the model nobody can approve", async () => {
    mkdirSync(world.home, { recursive: true });
    writeFileSync(join(world.home, "config.toml"), 'approval_policy = "untrusted"\n');
    const run = await runCli(["exec", "--demo", "-C", world.repo, "hi"], { env: world.env() });
    expect(run.code).toBe(0);
    const sessions = join(world.home, "sessions");
    const [file] = readdirSync(sessions).filter((name) => !name.endsWith(".ledger.jsonl"));
    const saved = readFileSync(join(sessions, file as string), "utf8");
    expect(saved).toContain("approval_policy: untrusted");
    expect(saved).toContain("Nobody can approve anything in this session");
    expect(saved).toContain("sandbox_mode: read-only");
  });

  it("reads AGENTS.md from the repository root down to a subdirectory it runs in, as Codex does", async () => {
    const sub = join(world.repo, "pkg");
    mkdirSync(sub);
    writeFileSync(join(world.repo, "AGENTS.md"), "Root rule: run the tests.\n");
    writeFileSync(join(sub, "AGENTS.md"), "Package rule: use tabs.\n");
    const run = await runCli(["exec", "--demo", "-C", sub, "hi"], { env: world.env() });
    expect(run.code).toBe(0);
    const sessions = join(world.home, "sessions");
    const [file] = readdirSync(sessions).filter((name) => !name.endsWith(".ledger.jsonl"));
    const saved = readFileSync(join(sessions, file as string), "utf8");
    const root = saved.indexOf("Root rule: run the tests.");
    expect(root).toBeGreaterThan(0);
    expect(saved.indexOf("Package rule: use tabs.")).toBeGreaterThan(root);
  });
});
