import { render } from "ink-testing-library";
import { describe, expect, it } from "vitest";
import { StartQuestion } from "../../src/ui/question-view.js";
import { plain, waitFor } from "./ink-helpers.js";

// The start-up questions' list (issue 37 item 1) as a person's keys reach it: several in one read
// (typed ahead while it loaded) are each a key, the first answer counts, Esc or Ctrl+C is none.

describe("StartQuestion", () => {
  function ask(keys: string) {
    const answers: Array<number | undefined> = [];
    const view = render(
      <StartQuestion
        lines={["Which one?", "more about it"]}
        choices={["first", "second", "third"]}
        onAnswer={(index) => answers.push(index)}
      />,
    );
    return { view, answers, keys };
  }

  it("draws the question with numbered choices, the first highlighted", () => {
    const { view } = ask("");
    const frame = plain(view.lastFrame());
    expect(frame).toContain("Which one?");
    expect(frame).toContain("› 1. first");
    expect(frame).toContain("  2. second");
    expect(frame).toContain("Enter or 1–3 pick");
    view.unmount();
  });

  it.each([
    { keys: "3", answer: 2 },
    { keys: "\r", answer: 0 },
    // the keys of one read reach the question before it draws again: Enter picks where Down went
    { keys: "\u001b[B\u001b[B\u001b[A\r", answer: 1 },
    // only the first answer counts, whatever follows it in the same read
    { keys: "2\r3", answer: 1 },
    // Enter pressed twice before the question drew: the first Enter answers
    { keys: "\r\r", answer: 0 },
  ])(
    "keys $keys answer $answer once, and leave the question's line and the answer",
    async ({ keys, answer }) => {
      const { view, answers } = ask(keys);
      view.stdin.write(keys);
      await waitFor(() => answers.length > 0, "an answer");
      expect(answers).toEqual([answer]);
      await waitFor(() => !plain(view.lastFrame()).includes("pick"), "the answered frame");
      expect(plain(view.lastFrame())).toBe(`Which one?\n› ${["first", "second", "third"][answer]}`);
      view.unmount();
    },
  );

  it("highlights the initial choice: Enter alone picks it", async () => {
    const answers: Array<number | undefined> = [];
    const view = render(
      <StartQuestion
        lines={["Trust them?"]}
        choices={["yes", "no"]}
        initial={1}
        onAnswer={(index) => answers.push(index)}
      />,
    );
    expect(plain(view.lastFrame())).toContain("› 2. no");
    view.stdin.write("\r");
    await waitFor(() => answers.length > 0, "an answer");
    expect(answers).toEqual([1]);
    view.unmount();
  });

  it.each(["\u001b", "\u0003"])("%j is no answer, and leaves nothing on screen", async (key) => {
    const { view, answers } = ask(key);
    view.stdin.write(key);
    await waitFor(() => answers.length > 0, "no answer");
    expect(answers).toEqual([undefined]);
    await waitFor(() => plain(view.lastFrame()) === "", "an empty frame");
    view.unmount();
  });
});
