import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { SCHEMA_VERSION } from "../../src/launch/schema-version.js";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

const base = () => ["-c", `openai_base_url=${suite.server.baseUrl}`];

async function threadIn(dir: string, prompt: string, extra: string[] = []): Promise<string> {
  const run = await runCli(["exec", "--json", ...base(), "-C", dir, ...extra, prompt], {
    env: suite.world.env(),
  });
  expect(run.code).toBe(0);
  return (jsonLines(run.stdout)[0] as unknown as { thread_id: string }).thread_id;
}

type Body = { model: string; reasoning?: { effort?: string }; prompt_cache_key: string };
const lastBody = () => suite.server.requests.at(-1)?.body as Body;

describe("exec resume", () => {
  it("--last picks the newest session of this working directory, not of another one", async () => {
    const other = join(suite.world.root, "other");
    execFileSync("git", ["init", "-q", other]);
    const here = await threadIn(suite.world.repo, "in the repo");
    const elsewhere = await threadIn(other, "in the other repo");
    expect(elsewhere).not.toBe(here);

    const again = await runCli(
      ["exec", "--json", ...base(), "-C", suite.world.repo, "resume", "--last", "more"],
      { env: suite.world.env() },
    );
    expect(again.code).toBe(0);
    expect(jsonLines(again.stdout)[0]).toEqual({
      type: "thread.started",
      thread_id: here,
      schema_version: SCHEMA_VERSION,
    });
    expect(lastBody().prompt_cache_key).toBe(here);

    const none = join(suite.world.root, "empty");
    execFileSync("git", ["init", "-q", none]);
    const missing = await runCli(["exec", ...base(), "-C", none, "resume", "--last", "x"], {
      env: suite.world.env(),
    });
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain(`no saved session for ${none}`);
    // like Codex, --all lifts the directory filter: the newest session anywhere (just resumed)
    const any = await runCli(
      ["exec", "--json", ...base(), "-C", none, "resume", "--last", "--all", "x"],
      { env: suite.world.env() },
    );
    expect(any.code).toBe(0);
    expect(jsonLines(any.stdout)[0]).toEqual({
      type: "thread.started",
      thread_id: here,
      schema_version: SCHEMA_VERSION,
    });
  });

  it("-c model=… and -c model_reasoning_effort=… change a resumed session like -m and --effort", async () => {
    // the Codex SDK passes the effort of resumeThread(id, {modelReasoningEffort}) as -c
    const id = await threadIn(suite.world.repo, "first", ["--effort", "low"]);
    expect(lastBody().reasoning?.effort).toBe("low");
    const run = await runCli(
      [
        "exec",
        ...base(),
        "-C",
        suite.world.repo,
        "-c",
        'model_reasoning_effort="high"',
        "-c",
        "model=other-model",
        "resume",
        id,
        "second",
      ],
      { env: suite.world.env() },
    );
    expect(run.code).toBe(0);
    expect(lastBody()).toMatchObject({ model: "other-model", reasoning: { effort: "high" } });

    const kept = await runCli(["exec", ...base(), "-C", suite.world.repo, "resume", id, "third"], {
      env: suite.world.env(),
    });
    expect(kept.code).toBe(0);
    // the session goes on with what it ran on last (issue 26: the file records the change)
    expect(lastBody()).toMatchObject({ model: "other-model", reasoning: { effort: "high" } });
  });
});
