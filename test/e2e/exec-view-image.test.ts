import { readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { PNG_DATA_URL as DATA_URL, PNG } from "../tools/images.js";
import { demoSuite, jsonLines, runCli } from "./helpers.js";

const suite = demoSuite();

type Item = { type: string; call_id?: string; output?: unknown; name?: string };
type Body = { input?: Item[]; previous_response_id?: string };

/** Every function_call_output the demo server received, request by request. */
function outputsSent(from = 0): Array<{ body: Body; output: Item }> {
  return suite.server.requests.slice(from).flatMap((request) => {
    const body = (request.body ?? {}) as Body;
    return (body.input ?? [])
      .filter((item) => item.type === "function_call_output")
      .map((output) => ({ body, output }));
  });
}

async function execJson(args: string[]) {
  const run = await runCli(["exec", "--json", ...suite.against(), ...args], {
    env: suite.world.env(),
  });
  expect(run.stderr).not.toContain("error");
  expect(run.code).toBe(0);
  const events = jsonLines(run.stdout);
  const items = events.flatMap((event) =>
    event.type === "item.completed" ? [event.item as Record<string, unknown>] : [],
  );
  return { events, items };
}

describe("view_image: the model looks at a workspace image", () => {
  it("sends the file as an input_image in the function_call_output, and the reply reports its size and type", async () => {
    writeFileSync(join(suite.world.repo, "fixture.png"), PNG);
    const before = suite.server.requests.length;
    const { items } = await execJson(["view: fixture.png"]);

    const sent = outputsSent(before);
    expect(sent).toHaveLength(1);
    expect(sent[0]?.output.output).toEqual([{ type: "input_image", image_url: DATA_URL }]);
    expect(items).toContainEqual(
      expect.objectContaining({
        type: "image_view",
        path: "fixture.png",
        media_type: "image/png",
        bytes: PNG.length,
        status: "completed",
      }),
    );
    const reply = items.find((item) => item.type === "agent_message");
    expect(reply?.text).toBe(`received image: image/png, ${PNG.length} bytes`);
  });

  it("resume sends the same content array again, from the session file; the ledger holds no image", async () => {
    writeFileSync(join(suite.world.repo, "fixture.png"), PNG);
    const first = await execJson(["view: fixture.png"]);
    const id = (first.events[0] as unknown as { thread_id: string }).thread_id;
    const callId = outputsSent().at(-1)?.output.call_id;

    const before = suite.server.requests.length;
    const resumed = await execJson(["resume", id, "thanks"]);
    expect(resumed.items.find((item) => item.type === "agent_message")?.text).toBe(
      "You said: thanks",
    );
    // a new process starts a new chain: the whole history goes again, the image with it
    const again = outputsSent(before).filter(({ output }) => output.call_id === callId);
    expect(again.length).toBeGreaterThan(0);
    for (const { body, output } of again) {
      expect(body.previous_response_id).toBeUndefined();
      expect(output.output).toEqual([{ type: "input_image", image_url: DATA_URL }]);
    }

    const sessions = join(suite.world.home, "sessions");
    const ledger = readdirSync(sessions).find((name) => name === `${id}.ledger.jsonl`);
    expect(ledger).toBeDefined();
    const ledgerText = readFileSync(join(sessions, ledger as string), "utf8");
    expect(ledgerText.trim().split("\n").length).toBeGreaterThanOrEqual(3);
    expect(ledgerText).not.toContain(PNG.toString("base64"));
  });

  it("a path outside the workspace is refused with a text output the model reads; nothing is sent", async () => {
    writeFileSync(join(suite.world.root, "outside.png"), PNG);
    const before = suite.server.requests.length;
    const { items } = await execJson(["view: ../outside.png"]);

    const [sent] = outputsSent(before);
    expect(sent?.output.output).toBe(
      `view_image: path ../outside.png escapes the workspace (workspace roots: ${suite.world.repo})`,
    );
    expect(JSON.stringify(suite.server.requests.slice(before).map((r) => r.body))).not.toContain(
      PNG.toString("base64"),
    );
    expect(items).toContainEqual(
      expect.objectContaining({ type: "image_view", path: "../outside.png", status: "failed" }),
    );
    const reply = items.find((item) => item.type === "agent_message");
    expect(reply?.text).toContain("view_image: path ../outside.png escapes the workspace");
  });
});
