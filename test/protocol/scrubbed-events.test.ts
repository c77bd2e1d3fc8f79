import { describe, expect, it } from "vitest";
import { parseServerEvent, type ServerEvent } from "../../src/protocol/events.js";
import { ScrubbedEvents } from "../../src/protocol/scrubbed-events.js";
import {
  CREDENTIAL_REMOVED,
  isCredentialHeader,
  SentCredentials,
} from "../../src/protocol/sent-credentials.js";

// What a server may send back of what it was sent: the credentials leave every text a session
// reads, whole or split across deltas, raw or JSON-escaped.
const KEY = "sk-proj-Zq8v1Kd93LmP0aXy/Bf+7w";
const TOKEN = "eyJhbGciOiJSUzI1NiJ9.eyJzdWIiOiJ1c2VyIn0.c2lnbmF0dXJl";

function credentials(...values: string[]): SentCredentials {
  const sent = new SentCredentials();
  for (const value of values) sent.add(value);
  return sent;
}

async function scrubbed(events: object[], sent: SentCredentials) {
  async function* source() {
    for (const event of events) yield parseServerEvent(event);
  }
  const stream = new ScrubbedEvents(source(), sent);
  const out: ServerEvent[] = [];
  for await (const event of stream) out.push(event);
  return { out, removed: stream.removed };
}

const at = { item_id: "msg_1", output_index: 0, content_index: 0 };
const textDeltas = (deltas: string[]) =>
  deltas.map((delta) => ({ type: "response.output_text.delta", ...at, delta }));
const deltaText = (events: ServerEvent[], type = "response.output_text.delta") =>
  events.flatMap((e) => (e.type === type && "delta" in e ? [e.delta] : [])).join("");

describe("the credentials mini-codex sent", () => {
  it("are taken out whole; short values and an auth scheme are not credentials", () => {
    const sent = credentials(`Bearer ${KEY}`, "hunter2", "password");
    expect(sent.scrub(`a ${KEY} b ${KEY}`)).toBe(`a ${CREDENTIAL_REMOVED} b ${CREDENTIAL_REMOVED}`);
    expect(sent.scrub("Bearer hunter2 password")).toBe("Bearer hunter2 password");
    expect(new SentCredentials().empty).toBe(true);
  });

  it("headers named like credentials are credentials", () => {
    for (const name of ["Authorization", "X-Api-Key", "Cookie", "X-Auth-Token", "Client-Secret"])
      expect(isCredentialHeader(name)).toBe(true);
    for (const name of ["Accept", "X-Request-Id", "OpenAI-Organization"])
      expect(isCredentialHeader(name)).toBe(false);
  });

  it("a value without any: the same object back, nothing marked removed", async () => {
    const sent = credentials(KEY);
    const item = {
      type: "message",
      role: "assistant",
      content: [{ type: "output_text", text: "hi" }],
    };
    expect(sent.scrubValue(item)).toBe(item);
    const { out, removed } = await scrubbed(textDeltas(["hel", "lo"]), sent);
    expect(deltaText(out)).toBe("hello");
    expect(removed).toBe(false);
  });
});

describe("a response's events", () => {
  it("a credential split across deltas: held back until it is whole, then replaced", async () => {
    const sent = credentials(KEY);
    const events = [
      ...textDeltas(["Your key: ", KEY.slice(0, 9), KEY.slice(9, 20), `${KEY.slice(20)} ok`]),
      { type: "response.output_text.done", ...at, text: `Your key: ${KEY} ok` },
    ];
    const { out, removed } = await scrubbed(events, sent);
    expect(removed).toBe(true);
    expect(deltaText(out)).toBe(`Your key: ${CREDENTIAL_REMOVED} ok`);
    for (const event of out) expect(JSON.stringify(event)).not.toContain(KEY.slice(0, 9));
    expect(out.at(-1)).toMatchObject({ text: `Your key: ${CREDENTIAL_REMOVED} ok` });
  });

  it("a tail that only looked like a start is released before the part's end, in order", async () => {
    const sent = credentials(KEY);
    const events = [
      ...textDeltas(["costs 5 sk-pro"]),
      { type: "response.output_text.done", ...at, text: "costs 5 sk-pro" },
      { type: "response.completed", response: { id: "resp_1", output: [] } },
    ];
    const { out, removed } = await scrubbed(events, sent);
    expect(removed).toBe(false);
    expect(out.map((e) => e.type)).toEqual([
      "response.output_text.delta",
      "response.output_text.delta",
      "response.output_text.done",
      "response.completed",
    ]);
    expect(deltaText(out)).toBe("costs 5 sk-pro");
  });

  it("any split of any text: the deltas add up to the cleaned text and never hold a credential", async () => {
    const sent = credentials(KEY, TOKEN);
    let seed = 11;
    const next = (n: number) => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed % n;
    };
    const words = ["s", "sk-", "eyJ", "e", "the ", KEY, TOKEN, KEY.slice(0, 12), "x "];
    for (let round = 0; round < 120; round++) {
      const text = Array.from({ length: 12 }, () => words[next(words.length)]).join("");
      const cuts: string[] = [];
      for (let from = 0; from < text.length; ) {
        const size = 1 + next(12);
        cuts.push(text.slice(from, from + size));
        from += size;
      }
      const events = [
        ...textDeltas(cuts),
        {
          type: "response.output_item.done",
          output_index: 0,
          item: { type: "message", id: "msg_1", role: "assistant", content: [] },
        },
      ];
      const { out } = await scrubbed(events, sent);
      const joined = deltaText(out);
      expect(joined).toBe(sent.scrub(text));
      for (const event of out) {
        const json = JSON.stringify(event);
        expect(json).not.toContain(KEY);
        expect(json).not.toContain(TOKEN);
      }
    }
  });

  it("function-call arguments: the deltas, the done event and the item, raw or JSON-escaped", async () => {
    const sent = credentials(KEY);
    const escaped = JSON.stringify({ command: `echo ${KEY}` }).replace("/", "\\/");
    const unicode = JSON.stringify({ command: `curl -H 'x: ${KEY}'` }).replace("s", "\\u0073");
    const call = { type: "function_call", id: "fc_1", call_id: "call_1", name: "shell_command" };
    const fc = { item_id: "fc_1", output_index: 1 };
    const events = [
      ...[escaped.slice(0, 15), escaped.slice(15, 30), escaped.slice(30)].map((delta) => ({
        type: "response.function_call_arguments.delta",
        ...fc,
        delta,
      })),
      { type: "response.function_call_arguments.done", ...fc, arguments: escaped },
      { type: "response.output_item.done", output_index: 1, item: { ...call, arguments: escaped } },
      { type: "response.output_item.done", output_index: 2, item: { ...call, arguments: unicode } },
    ];
    const { out } = await scrubbed(events, sent);
    expect(deltaText(out, "response.function_call_arguments.delta")).toBe(
      JSON.stringify({ command: `echo ${CREDENTIAL_REMOVED}` }),
    );
    const items = out.flatMap((e) => (e.type === "response.output_item.done" ? [e.item] : []));
    expect(JSON.parse(items[0]?.arguments as string)).toEqual({
      command: `echo ${CREDENTIAL_REMOVED}`,
    });
    expect(JSON.parse(items[1]?.arguments as string)).toEqual({
      command: `curl -H 'x: ${CREDENTIAL_REMOVED}'`,
    });
  });

  it("custom-tool input, reasoning summaries, web search results and unknown events; never ciphertext", async () => {
    const sent = credentials(TOKEN);
    const events = [
      {
        type: "response.custom_tool_call_input.delta",
        item_id: "ctc_1",
        output_index: 0,
        delta: `*** Add File: a\n+${TOKEN.slice(0, 30)}`,
      },
      {
        type: "response.custom_tool_call_input.delta",
        item_id: "ctc_1",
        output_index: 0,
        delta: `${TOKEN.slice(30)}\n`,
      },
      {
        type: "response.reasoning_summary_text.delta",
        item_id: "rs_1",
        output_index: 1,
        summary_index: 0,
        delta: `I saw ${TOKEN}`,
      },
      {
        type: "response.output_item.done",
        output_index: 2,
        item: { type: "web_search_call", id: "ws_1", action: { type: "search", query: TOKEN } },
      },
      {
        type: "response.output_item.done",
        output_index: 3,
        item: { type: "reasoning", id: "rs_2", summary: [], encrypted_content: `x${TOKEN}` },
      },
      { type: "response.refusal.delta", item_id: "m", output_index: 4, delta: TOKEN },
      { type: "response.completed", response: { id: "resp_1" } },
    ];
    const { out, removed } = await scrubbed(events, sent);
    expect(removed).toBe(true);
    expect(deltaText(out, "response.custom_tool_call_input.delta")).toBe(
      `*** Add File: a\n+${CREDENTIAL_REMOVED}\n`,
    );
    expect(deltaText(out, "response.reasoning_summary_text.delta")).toBe(
      `I saw ${CREDENTIAL_REMOVED}`,
    );
    const text = JSON.stringify(out);
    expect(text).toContain(`"query":"${CREDENTIAL_REMOVED}"`);
    expect(text).toContain(`"encrypted_content":"x${TOKEN}"`); // opaque: the server's own bytes
    expect(text.replace(`x${TOKEN}`, "")).not.toContain(TOKEN);
  });
});
