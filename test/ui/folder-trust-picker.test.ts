import { describe, expect, it } from "vitest";
import type { TrustLevel } from "../../src/launch/project-trust.js";
import { folderTrustPicker } from "../../src/ui/controller/questions/folder-trust-picker.js";

// The trust question the TUI asks before it opens a saved session in a folder never decided on.

describe("folderTrustPicker", () => {
  const answers: Array<TrustLevel | "cancel"> = [];
  const on = {
    answer: (level: TrustLevel) => answers.push(level),
    cancel: () => answers.push("cancel"),
  };

  it("asks nothing about a folder whose trust is recorded, trusted or not", () => {
    expect(
      folderTrustPicker({ root: "/src/app", inGit: true, level: "trusted" }, on),
    ).toBeUndefined();
    expect(
      folderTrustPicker({ root: "/src/app", inGit: true, level: "untrusted" }, on),
    ).toBeUndefined();
  });

  it("asks the start-up question about an unknown folder: trust, restrict or Esc", () => {
    answers.length = 0;
    const spec = folderTrustPicker({ root: "/tmp/plain", inGit: false }, on);
    expect(spec?.title).toContain(
      "You are running mini-codex in /tmp/plain (not a git repository).",
    );
    expect(spec?.title).toContain("Do you trust the contents of this folder?");
    expect(spec?.options).toHaveLength(2);
    expect(spec?.options[0]).toMatch(/^Yes, trust this folder/);
    expect(spec?.options[1]).toMatch(
      /^No, run restricted here \(sandbox read-only, approval untrusted/,
    );
    spec?.onPick(spec.options[1] ?? "");
    spec?.onPick(spec.options[0] ?? "");
    spec?.onCancel?.();
    expect(answers).toEqual(["untrusted", "trusted", "cancel"]);
  });
});
