import type { Key } from "ink";
import { describe, expect, it } from "vitest";
import { ComposerModel } from "../../src/ui/input/composer-model.js";
import type { ComposedMessage } from "../../src/ui/model/paste-collapse.js";

const UP = { upArrow: true } as Key;

/** A composer that has sent "first message"; Up asks `pending` what waits first. */
function composerAfterOneMessage(pending: () => ComposedMessage | null | undefined) {
  const composer = new ComposerModel({
    onSubmit: () => {},
    onSignal: () => {},
    cwd: process.cwd(),
    onNotice: () => {},
    takePending: pending,
  });
  composer.replace({ text: "first message", cursor: 13 });
  composer.submit();
  return composer;
}

describe("Up on an empty composer", () => {
  it("puts a message still waiting back to edit, before history", () => {
    const composer = composerAfterOneMessage(() => ({ text: "waiting", images: [] }));
    composer.handle("", UP);
    expect(composer.current().text).toBe("waiting");
  });

  it("answered with a notice (a steer the server has): recalls nothing that press", () => {
    let pending: ComposedMessage | null | undefined = null;
    const composer = composerAfterOneMessage(() => pending);
    composer.handle("", UP);
    expect(composer.current().text).toBe("");
    // the next press, nothing waiting any more: history as usual
    pending = undefined;
    composer.handle("", UP);
    expect(composer.current().text).toBe("first message");
  });
});
