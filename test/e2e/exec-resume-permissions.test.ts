import { describe, expect, it } from "vitest";
import type { RecordedRequest } from "../../src/demo/server/types.js";
import { openSession } from "../../src/launch/open-session.js";
import { loadRuntime } from "../../src/launch/runtime.js";
import { ledgerPath, readLedger } from "../../src/session/store/ledger-file.js";
import { demoSuite, runCli } from "./helpers.js";

// Issue 37, item 4: a sandbox or approval policy other than the one the model was told reaches
// it, as the Codex CLI's `exec resume` sends an updated permissions message; the prefix stays.
const suite = demoSuite();

type Message = { type: string; role?: string; content?: Array<{ text?: string }> };
const inputOf = (request: RecordedRequest | undefined) =>
  ((request?.body as { input?: Message[] } | undefined)?.input ?? []) as Message[];
const textOf = (item: Message | undefined) => item?.content?.map((p) => p.text ?? "").join("");
const permissionsIn = (input: Message[]) =>
  input.filter((i) => i.role === "developer" && textOf(i)?.startsWith("<permissions>"));
const sessionIdOf = (stderr: string) => /^session id: (\S+)/m.exec(stderr)?.[1] ?? "";

/** One exec run against the demo server; the requests it sent. */
async function exec(args: string[]) {
  const before = suite.server.requests.length;
  const run = await runCli(["exec", ...suite.against(), ...args], { env: suite.world.env() });
  expect(run.code, run.stderr).toBe(0);
  return { run, requests: suite.server.requests.slice(before).filter((r) => r.responseId) };
}

describe("exec resume with another sandbox tells the model (issue 37, item 4)", () => {
  it("-s read-only on resume: a permissions message ahead of the prompt, the saved prefix cached", async () => {
    const first = await exec(["-s", "workspace-write", "hello"]);
    const id = sessionIdOf(first.run.stderr);
    const [opening] = first.requests;
    expect(permissionsIn(inputOf(opening)).map(textOf)).toEqual([
      expect.stringContaining("sandbox_mode: workspace-write\n"),
    ]);

    const resumed = await exec(["-s", "read-only", "resume", "--last", "and now?"]);
    expect(resumed.run.stderr).toContain(
      "warning: sandbox read-only for this run (the session ran with workspace-write)",
    );
    expect(resumed.run.stdout).toBe("You said: and now?\n");
    const [request] = resumed.requests;
    const input = inputOf(request);
    // what was saved, unchanged, then the update and the message (the Codex CLI's order)
    expect(input.slice(0, inputOf(opening).length)).toEqual(inputOf(opening));
    expect(permissionsIn(input).map(textOf)).toEqual([
      expect.stringContaining("sandbox_mode: workspace-write\n"),
      expect.stringContaining("sandbox_mode: read-only\n"),
    ]);
    const tail = input.slice(-2);
    expect(tail[0]?.role).toBe("developer");
    expect(textOf(tail[0])).toContain("sandbox_mode: read-only\n");
    expect(textOf(tail[0])).toContain("the whole file system is read-only");
    expect(textOf(tail[1])).toBe("and now?");
    // the prefix the first run sent is what the server had cached
    const row = readLedger(ledgerPath(suite.world.home, id)).rows.at(-1);
    expect(row?.usage?.cached_tokens).toBeGreaterThan(0);
    const [sent, again] = readLedger(ledgerPath(suite.world.home, id)).rows;
    expect(again?.usage?.cached_tokens).toBeGreaterThanOrEqual(
      (sent?.usage?.input_tokens ?? 0) - 128,
    );
  }, 90_000);

  it("the next resume on the saved sandbox says it again; one that changes nothing says nothing", async () => {
    await exec(["-s", "workspace-write", "hello"]);
    await exec(["-s", "read-only", "resume", "--last", "two"]);
    // no flag: the session's own workspace-write, which the model was last told otherwise
    const back = await exec(["resume", "--last", "three"]);
    expect(back.run.stderr).toContain("sandbox: workspace-write\n");
    const input = inputOf(back.requests[0]);
    expect(permissionsIn(input).map(textOf)).toEqual([
      expect.stringContaining("sandbox_mode: workspace-write\n"),
      expect.stringContaining("sandbox_mode: read-only\n"),
      expect.stringContaining("sandbox_mode: workspace-write\n"),
    ]);
    expect(textOf(input.at(-2))).toContain("sandbox_mode: workspace-write\n");
    const same = await exec(["resume", "--last", "four"]);
    const sameInput = inputOf(same.requests[0]);
    expect(permissionsIn(sameInput)).toHaveLength(3);
    expect(sameInput.at(-2)?.role).toBe("assistant");
  }, 90_000);

  it("-a on resume: the approval policy the model is told changes with it", async () => {
    await exec(["-s", "workspace-write", "hello"]);
    const resumed = await exec(["-a", "untrusted", "resume", "--last", "two"]);
    expect(resumed.run.stderr).toContain("warning: approval policy untrusted for this run");
    const update = inputOf(resumed.requests[0]).at(-2);
    expect(textOf(update)).toContain("sandbox_mode: workspace-write\n");
    expect(textOf(update)).toContain("approval_policy: untrusted\n");
    // exec asks nobody: the model knows what needs approval is refused
    expect(textOf(update)).toContain("Nobody can approve anything");
  }, 90_000);

  it("a fork in the TUI's settings (another sandbox, someone to ask) tells the model too", async () => {
    const first = await exec(["-s", "read-only", "hello"]);
    const parent = sessionIdOf(first.run.stderr);
    const runtime = await loadRuntime({
      flags: {
        config: [`openai_base_url=${suite.server.baseUrl}`],
        addDir: [],
        cd: suite.world.repo,
        sandbox: "danger-full-access",
      },
      env: suite.world.env(),
      defaultApprovalPolicy: "on-request",
      warn: () => {},
    });
    const before = suite.server.requests.length;
    try {
      const opened = await openSession(runtime, {
        fork: { id: parent },
        warmup: false,
        approve: async () => ({ kind: "deny" as const }),
      });
      expect(opened.forkedFrom).toBe(parent);
      await opened.session.send("in the fork");
      await opened.session.close();
    } finally {
      await runtime.close();
    }
    const input = inputOf(suite.server.requests.slice(before).find((r) => r.responseId));
    const update = input.at(-2);
    expect(textOf(update)).toContain("sandbox_mode: danger-full-access\n");
    expect(textOf(update)).toContain("approval_policy: on-request\n");
    expect(textOf(update)).not.toContain("Nobody can approve");
    expect(textOf(input.at(-1))).toBe("in the fork");
  }, 90_000);
});
