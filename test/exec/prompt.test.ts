import { Readable } from "node:stream";
import { describe, expect, it } from "vitest";
import { combinePrompt, NO_PROMPT_MESSAGE, readPipedStdin } from "../../src/exec/prompt.js";
import { CliError } from "../../src/launch/errors.js";

describe("combinePrompt (docs/config.md, the exec prompt)", () => {
  it("takes the argument alone when nothing is piped", () => {
    expect(combinePrompt("fix it", undefined)).toBe("fix it");
    expect(combinePrompt("fix it", "  \n")).toBe("fix it");
  });

  it("reads stdin for `-` or no argument", () => {
    expect(combinePrompt("-", "from stdin\n")).toBe("from stdin\n");
    expect(combinePrompt(undefined, "from stdin")).toBe("from stdin");
  });

  it("appends piped stdin to an argument in a <stdin> block", () => {
    expect(combinePrompt("summarise", "line 1\nline 2\n")).toBe(
      "summarise\n\n<stdin>\nline 1\nline 2\n</stdin>",
    );
  });

  it("fails with exit 1 and a clear message when there is no prompt at all", () => {
    for (const [arg, stdin] of [
      [undefined, undefined],
      [undefined, ""],
      ["-", " \n"],
      ["", undefined],
    ] as const) {
      let error: unknown;
      try {
        combinePrompt(arg, stdin);
      } catch (caught) {
        error = caught;
      }
      expect(error).toBeInstanceOf(CliError);
      expect((error as CliError).exitCode).toBe(1);
      expect((error as CliError).message).toBe(NO_PROMPT_MESSAGE);
    }
  });

  it("no prompt because --worktree took it as its NAME: a usage error that says so", () => {
    expect(() => combinePrompt(undefined, undefined, "hello")).toThrow(
      'No prompt provided: --worktree took "hello" as its NAME',
    );
    // a bare --worktree took nothing: the plain message
    expect(() => combinePrompt(undefined, undefined, true)).toThrow(NO_PROMPT_MESSAGE);
    // stdin is the prompt then
    expect(combinePrompt(undefined, "from stdin", "hello")).toBe("from stdin");
  });
});

describe("readPipedStdin", () => {
  it("never reads a terminal", async () => {
    const tty = Object.assign(Readable.from(["never read"]), { isTTY: true });
    expect(await readPipedStdin(tty)).toBeUndefined();
  });

  it("reads a pipe to the end", async () => {
    expect(await readPipedStdin(Readable.from([Buffer.from("a"), Buffer.from("b")]))).toBe("ab");
  });
});
