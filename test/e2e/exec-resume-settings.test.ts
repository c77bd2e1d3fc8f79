import { execFileSync } from "node:child_process";
import { mkdirSync, rmSync } from "node:fs";
import { join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { openSession } from "../../src/launch/open-session.js";
import { loadRuntime } from "../../src/launch/runtime.js";
import { ledgerPath, readLedger } from "../../src/session/store/ledger-file.js";
import { runCli, type TempWorld, tempWorld } from "./helpers.js";

// Issue 26, items 1, 2, 3 and 18: sessions come back on what they ran on, with the real demo
// provider (started by the CLI itself) and real session files.
let world: TempWorld;
beforeEach(() => {
  world = tempWorld();
});
afterEach(() => world.cleanup());

const sessionIdOf = (stderr: string) => /^session id: (\S+)/m.exec(stderr)?.[1] ?? "";
const lastRow = (id: string) => readLedger(ledgerPath(world.home, id)).rows.at(-1);

/** A git repository next to the world's repo. */
function otherRepo(name: string): string {
  const dir = join(world.root, name);
  execFileSync("git", ["init", "-q", dir]);
  return dir;
}

async function startOnDemo(extra: string[] = []): Promise<string> {
  const run = await runCli(["exec", "--demo", "-C", world.repo, ...extra, "hello"], {
    env: world.env(),
  });
  expect(run.code).toBe(0);
  expect(run.stdout).toBe("You said: hello\n");
  return sessionIdOf(run.stderr);
}

describe("exec: a resumed session keeps what it ran on (issue 26)", () => {
  it("states model, provider, sandbox, approval, directory and session first, the tokens last", async () => {
    const run = await runCli(
      ["exec", "--demo", "-C", world.repo, "--effort", "low", "-a", "on-failure", "hello"],
      { env: world.env() },
    );
    expect(run.code).toBe(0);
    const lines = run.stderr.split("\n");
    const header = lines.slice(0, lines.indexOf("--------", 2) + 1).join("\n");
    expect(header).toMatch(/^mini-codex \S+\n--------\n/);
    expect(header).toContain(`workdir: ${world.repo}\n`);
    expect(header).toContain("model: gpt-5-codex\n");
    expect(header).toContain("provider: demo\n");
    expect(header).toContain("approval: on-failure\n");
    expect(header).toContain("sandbox: read-only\n");
    expect(header).toContain("reasoning effort: low\n");
    expect(sessionIdOf(header)).toMatch(/^[0-9a-f-]{36}$/);
    const row = lastRow(sessionIdOf(header));
    const tokens = (row?.usage?.input_tokens ?? 0) + (row?.usage?.output_tokens ?? 0);
    expect(tokens).toBeGreaterThan(0);
    expect(lines.filter((line) => line !== "").at(-1)).toBe(
      `tokens used: ${tokens.toLocaleString("en-US")} (input ${row?.usage?.input_tokens.toLocaleString("en-US")}, cached ${row?.usage?.cached_tokens.toLocaleString("en-US")}, output ${row?.usage?.output_tokens.toLocaleString("en-US")})`,
    );
    // the answer alone on stdout; --json prints no header
    expect(run.stdout).toBe("You said: hello\n");
    const json = await runCli(["exec", "--demo", "--json", "-C", world.repo, "hi"], {
      env: world.env(),
    });
    expect(json.stderr).not.toContain("--------");
    expect(json.stderr).not.toContain("tokens used");
  }, 60_000);

  it("resumed from another directory: the demo provider, its directory, effort, sandbox and approval", async () => {
    const id = await startOnDemo(["--effort", "low", "-s", "workspace-write", "-a", "on-failure"]);
    const elsewhere = join(world.root, "elsewhere");
    mkdirSync(elsewhere);
    // no --demo, no key, no flags: everything comes from the session file
    const run = await runCli(["exec", "resume", id, "again"], { env: world.env(), cwd: elsewhere });
    expect(run.stderr).not.toContain("warning:");
    expect(run.code).toBe(0);
    expect(run.stdout).toBe("You said: again\n");
    expect(run.stderr).toContain(`workdir: ${world.repo} (the session's directory`);
    expect(run.stderr).toContain("provider: demo\n");
    expect(run.stderr).toContain("sandbox: workspace-write\n");
    expect(run.stderr).toContain("approval: on-failure\n");
    expect(run.stderr).toContain(`session id: ${id} (resumed)\n`);
    expect(lastRow(id)).toMatchObject({ model: "gpt-5-codex", effort: "low" });
  }, 60_000);

  it("/model and /effort mid-session: `resume --last` comes back on them", async () => {
    const id = await startOnDemo();
    // what /model gpt-5 and /effort high do: update the running session (no turn sent after)
    const runtime = await loadRuntime({
      flags: { config: [], addDir: [], demo: true, cd: world.repo },
      env: world.env(),
      defaultApprovalPolicy: "on-request",
      warn: () => {},
    });
    const opened = await openSession(runtime, { resume: { id }, warmup: false });
    opened.session.update({ model: "gpt-5" });
    opened.session.update({ effort: "high" });
    await opened.session.close();
    await runtime.close();

    const run = await runCli(["exec", "resume", "--last", "again"], {
      env: world.env(),
      cwd: world.repo,
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("model: gpt-5\n");
    expect(run.stderr).toContain("reasoning effort: high\n");
    expect(lastRow(id)).toMatchObject({ model: "gpt-5", effort: "high" });
  }, 60_000);

  it("flags on the resume command line win, are announced, and the session goes on with them", async () => {
    const id = await startOnDemo(["--effort", "low"]);
    const run = await runCli(
      ["exec", "-m", "gpt-5", "--effort", "high", "-s", "workspace-write", "resume", id, "two"],
      { env: world.env(), cwd: world.repo },
    );
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(
      "warning: model gpt-5 for this run (the session ran with gpt-5-codex)\n",
    );
    expect(run.stderr).toContain(
      "warning: reasoning effort high for this run (the session ran with low)\n",
    );
    expect(run.stderr).toContain(
      "warning: sandbox workspace-write for this run (the session ran with read-only)\n",
    );
    expect(lastRow(id)).toMatchObject({ model: "gpt-5", effort: "high" });
    // the sandbox was this run's; model and effort are what the session runs on from now on
    const next = await runCli(["exec", "resume", id, "three"], { env: world.env() });
    expect(next.code).toBe(0);
    expect(next.stderr).toContain("sandbox: read-only\n");
    expect(next.stderr).not.toContain("warning:");
    expect(lastRow(id)).toMatchObject({ model: "gpt-5", effort: "high" });
  }, 60_000);

  it("-C on resume runs it elsewhere and says so; a session whose directory is gone is refused", async () => {
    const id = await startOnDemo();
    const other = otherRepo("other");
    const run = await runCli(["exec", "-C", other, "resume", id, "there"], { env: world.env() });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain(`workdir: ${other} (-C/--cd; the session ran in ${world.repo})`);

    rmSync(world.repo, { recursive: true, force: true });
    const gone = await runCli(["exec", "resume", id, "lost"], { env: world.env() });
    expect(gone.code).toBe(1);
    expect(gone.stderr).toContain(
      `session ${id} ran in ${world.repo}, which is no longer a directory: pass -C/--cd DIR`,
    );
  }, 60_000);
});
