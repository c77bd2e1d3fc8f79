import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import type { ResponseItem } from "../../src/protocol/items.js";
import { isToolOutputValue, toolOutputText } from "../../src/protocol/tool-output.js";
import { FrozenToolOutputs, isToolOutput } from "../../src/session/context/history.js";
import { itemHash } from "../../src/session/prompt/digest.js";
import { SessionFile } from "../../src/session/store/session-file.js";
import { readSessionFile } from "../../src/session/store/session-file-read.js";
import { newSessionId } from "../../src/session/store/session-id.js";
import { PNG, PNG_DATA_URL } from "../tools/images.js";
import { type Harness, modes, startHarness, wireInput } from "./harness.js";

const IMAGE = [{ type: "input_image", image_url: PNG_DATA_URL }];
const imageOutput = (callId: string): ResponseItem => ({
  type: "function_call_output",
  call_id: callId,
  output: IMAGE,
});

let h: Harness | undefined;
afterEach(async () => {
  await h?.close();
  h = undefined;
});

describe("content-array tool outputs in the session", () => {
  it("a view_image output is recorded, sent incrementally, saved, and resumed as the same content array", async () => {
    const files = mkdtempSync(join(tmpdir(), "mini-codex-image-sessions-"));
    const id = newSessionId();
    const meta = {
      id,
      created: new Date().toISOString(),
      cwd: "/w",
      model: "demo-1",
      provider: "demo",
    };
    const file = SessionFile.create(files, meta);
    try {
      const first = await startHarness({ historyStore: file });
      h = first;
      writeFileSync(join(first.cwd, "shot.png"), PNG);
      await first.session.send("view: shot.png");
      await first.session.send("and now?");

      const finished = first.events.find((e) => e.type === "tool_call_finished");
      expect(finished).toMatchObject({ name: "view_image", output: IMAGE });
      const inHistory = first.session
        .history()
        .find((item) => item.type === "function_call_output");
      expect(inHistory?.output).toEqual(IMAGE);
      // after the first request every one is incremental: the frozen output hashes the same
      expect(
        modes(first)
          .slice(1)
          .every((mode) => mode === "ws_incremental"),
      ).toBe(true);
      expect(modes(first).length).toBeGreaterThanOrEqual(3);
      const sent = first.requests().flatMap((r) => wireInput(r));
      expect(sent.filter((i) => i.type === "function_call_output")).toEqual([inHistory]);
      const history = [...first.session.history()];
      await first.close();
      h = undefined;

      const saved = readSessionFile(file.path).history;
      expect(saved).toEqual(history);
      const reread = saved.find((item) => item.type === "function_call_output") as ResponseItem;
      expect(itemHash(reread)).toBe(itemHash(inHistory as ResponseItem));

      h = await startHarness({ restoredHistory: saved, warmup: false });
      await h.session.send("after resume");
      await h.session.send("still chained?");
      expect(modes(h)).toEqual(["ws_full:no_baseline", "ws_incremental"]);
      const resent = wireInput(h.requests()[0]).filter((i) => i.type === "function_call_output");
      expect(resent).toEqual([inHistory]);
    } finally {
      file.close();
      rmSync(files, { recursive: true, force: true });
    }
  });
});

describe("content-array outputs, pure", () => {
  it("are tool outputs: frozen per call_id like text, hashed by content whatever the key order", () => {
    const item = imageOutput("c1");
    expect(isToolOutput(item)).toBe(true);
    expect(isToolOutput({ type: "function_call_output", call_id: "c1", output: [1] })).toBe(false);
    const frozen = new FrozenToolOutputs();
    expect(frozen.resolve(item)).toBe(item);
    expect(frozen.resolve({ ...item, output: "re-rendered" })).toBe(item);
    const reordered = JSON.parse(
      `{"output":[{"image_url":"${IMAGE[0]?.image_url}","type":"input_image"}],"call_id":"c1","type":"function_call_output"}`,
    ) as ResponseItem;
    expect(itemHash(reordered)).toBe(itemHash(imageOutput("c1")));
  });

  it("read as text: text parts as text, images by label, never their bytes", () => {
    expect(isToolOutputValue("plain")).toBe(true);
    expect(isToolOutputValue([{ type: "input_text", text: "a" }])).toBe(true);
    expect(isToolOutputValue({ type: "input_text" })).toBe(false);
    const text = toolOutputText(
      [
        { type: "input_text", text: "before" },
        ...(IMAGE as Array<{ type: "input_image"; image_url: string }>),
      ],
      "shot.png",
    );
    expect(text).toBe(`before\n[image: shot.png, image/png, ${PNG.length} bytes]`);
    expect(toolOutputText([{ type: "input_image", image_url: "https://example.com/a.png" }])).toBe(
      "[image: https://example.com/a.png]",
    );
  });
});
