import { afterEach, describe, expect, it } from "vitest";
import { SENT_STEER_NOTICE } from "../../src/ui/controller/pending-messages.js";
import { type Harness, startHarness, waitFor, wireInput } from "../session/harness.js";
import { started } from "./controller-harness.js";

/**
 * Up on an empty input after steering on the socket (gpt-6-astra, the demo over a real
 * WebSocket): each steer has one id the pending area and the session share, so Up takes back
 * exactly the message shown, and a message the server has is not taken back.
 */
let h: Harness;
afterEach(async () => {
  await h?.close();
});

const TAKE_BACK = "take this back";
const KEEP = "keep this one";

describe("Up after a mix of client-held and socket-held steers", () => {
  it("takes back the one still on the client, and says the one the server has cannot be", async () => {
    h = await startHarness({ settings: { model: "gpt-6-astra" } });
    const t = await started(async () => {}, { createSession: async () => h.session });
    t.controller.send("demo:slow 40");
    await waitFor(() => h.events.some((e) => e.type === "text_delta"));
    // the provider refuses the first steer once: it comes back and waits on the client
    h.server.hooks.rejectSteering();
    t.controller.steer(TAKE_BACK);
    await waitFor(() => h.events.some((e) => e.type === "steer_state" && e.state === "waiting"));
    h.server.hooks.reset();
    t.controller.steer(KEEP); // on the socket: the server accepts it
    const shown = t.state().steers.map((s) => [s.text, s.sent]);
    expect(shown).toEqual([
      [TAKE_BACK, false],
      [KEEP, true],
    ]);

    // Up: exactly the message shown as unsent comes back to the composer
    expect(t.controller.takePending()?.text).toBe(TAKE_BACK);
    expect(t.state().steers.map((s) => s.text)).toEqual([KEEP]);
    // Up again: the server has the other one; nothing comes back, a notice says why (once: a
    // further Up recalls history as usual instead of repeating it)
    expect(t.controller.takePending()).toBeNull();
    expect(t.controller.takePending()).toBeUndefined();
    expect(t.notices().filter((text) => text === SENT_STEER_NOTICE)).toHaveLength(1);

    await waitFor(() => !t.controller.busy);
    const transcript = t.state().entries;
    const agentText = transcript.map((e) => (e.kind === "agent" ? e.lines.join("\n") : ""));
    // the server's successor answered the kept message, once; the taken-back one went nowhere
    expect(agentText.filter((text) => text.includes(`You said: ${KEEP}`))).toHaveLength(1);
    const sent = JSON.stringify([h.requests().map(wireInput), h.session.history()]);
    expect(sent).not.toContain(TAKE_BACK);
    expect(sent).toContain(KEEP);
    // the kept message shows after the answer it cut short, before the successor's answer
    const steerAt = transcript.findIndex((e) => e.kind === "user" && e.text === KEEP);
    const cutAt = agentText.findIndex((text) => text.includes("Slow part 1."));
    const answerAt = agentText.findIndex((text) => text.includes(`You said: ${KEEP}`));
    expect(cutAt).toBeLessThan(steerAt);
    expect(steerAt).toBeLessThan(answerAt);
    expect(t.state().steers).toEqual([]);
  });
});
