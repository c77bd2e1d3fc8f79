import { afterEach, describe, expect, it } from "vitest";
import { FORK_NOTE } from "../../src/turn/agents/fork-history.js";
import { type Harness, startHarness } from "../session/harness.js";

let h: Harness;
afterEach(async () => {
  await h?.close();
});

// long enough that every prompt is past the provider's 1 024-token cache minimum
const LONG_INSTRUCTIONS =
  "You are the test agent. Answer briefly and run what you are asked to.\n".repeat(80);

const AGENTS = { maxThreads: 4, maxDepth: 1 };

type Wire = { stream_id?: string; input?: Array<Record<string, unknown>> };

describe("a full fork starts warm on its parent's chain (issue 39, item 2)", () => {
  it("its first request continues the parent's last response on the parent's socket, in a lane of its own, with only the task as delta, and ≥ 90% cached", async () => {
    h = await startHarness({ instructions: LONG_INSTRUCTIONS, agents: AGENTS });
    const result = await h.session.send("spawn: say hello from the fork");
    expect(result.ok).toBe(true);
    expect(result.lastMessage).toContain("You said: say hello from the fork");

    const rows = h.ledger();
    const child = rows.filter((row) => row.agent !== null);
    expect(child.length).toBe(1);
    const first = child[0];
    expect(first?.agent?.parent).toBe(h.session.id);
    expect(first?.mode).toBe("ws_incremental");
    expect(first?.reason).toBeNull();
    expect(first?.lane).toMatch(/^agent-1:/);
    const cached = first?.usage?.cached_tokens ?? 0;
    const input = first?.usage?.input_tokens ?? 1;
    expect(cached / input).toBeGreaterThanOrEqual(0.9);

    // on the wire: the parent's spawning response as previous_response_id, the same socket
    const requests = h.requests();
    const spawning = requests.find((request) =>
      JSON.stringify(request.body).includes("say hello from the fork"),
    );
    const fork = requests.find((request) =>
      (request.body as Wire).stream_id?.startsWith("agent-1"),
    );
    expect(fork).toBeDefined();
    expect(fork?.previousResponseId).toBe(spawning?.responseId);
    expect(fork?.connectionId).toBe(spawning?.connectionId);
    const delta = ((fork?.body ?? {}) as Wire).input ?? [];
    expect(delta.map((item) => item.type ?? "message")).toEqual([
      "function_call_output",
      "message",
    ]);
    expect(delta[0]?.output).toBe(FORK_NOTE);
    expect(JSON.stringify(delta[1])).toContain("say hello from the fork");
    // the parent went on incrementally on its own lane after the spawn
    const own = rows.filter((row) => row.agent === null && row.turn > 0);
    expect(own.every((row) => row.mode === "ws_incremental" || row === own[0])).toBe(true);
  });
});
