import { mkdirSync, mkdtempSync, readFileSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
// @ts-expect-error plain JavaScript module of the launcher, no type declarations
import { prerenderedHelp } from "../../bin/prerendered-help.js";
import { helpText } from "../../src/cli/main.js";
import { runCli } from "../e2e/helpers.js";

type Stdout = { isTTY?: boolean; columns?: number };
const answer = prerenderedHelp as (
  args: string[],
  stdout?: Stdout,
  dist?: URL,
) => string | undefined;
const DIST = fileURLToPath(new URL("../../dist/", import.meta.url));
const built = () =>
  JSON.parse(readFileSync(join(DIST, "help.json"), "utf8")) as {
    text: string;
    widths: [number, number][];
    inputs: string[];
  };
const printsIt = (widths: [number, number][], width: number) =>
  widths.some(([first, last]) => first <= width && width <= last);

describe("--help answered from the text the build rendered (npm run build)", () => {
  it("is what commander prints for the current program, off a terminal and for -h too", async () => {
    const expected = helpText();
    expect(expected).toContain("Usage: mini-codex");
    // the launcher takes the rendered text (it is current), and it is commander's
    expect(answer(["--help"], { isTTY: false })).toBe(expected);
    for (const args of [["--help"], ["-h"]]) {
      const run = await runCli(args);
      expect(run.code).toBe(0);
      expect(run.stdout).toBe(expected);
      expect(run.stderr).toBe("");
    }
  });

  it("is used at exactly the terminal widths commander prints that same text at", () => {
    const { text, widths } = built();
    for (let width = 1; width <= 400; width++) {
      expect(helpText(width) === text, `width ${width}`).toBe(printsIt(widths, width));
      const fromLauncher = answer(["--help"], { isTTY: true, columns: width });
      expect(fromLauncher, `width ${width}`).toBe(printsIt(widths, width) ? text : undefined);
    }
  });
});

describe("bin/prerendered-help.js: when the rendered text may answer", () => {
  let dist: string;
  const at = (seconds: number) => new Date(1_700_000_000_000 + seconds * 1000);
  const file = (path: string, text: string, seconds: number) => {
    const full = join(dist, path);
    mkdirSync(join(full, ".."), { recursive: true });
    writeFileSync(full, text);
    utimesSync(full, at(seconds), at(seconds));
  };
  const rendered = (seconds: number) =>
    file(
      "help.json",
      JSON.stringify({
        text: "HELP\n",
        widths: [[76, 85]],
        inputs: ["cli/main.js", "cli/options.js"],
      }),
      seconds,
    );
  const ask = (args: string[], stdout: Stdout = {}) =>
    answer(args, stdout, pathToFileURL(`${dist}/`));

  beforeEach(() => {
    dist = mkdtempSync(join(tmpdir(), "mini-codex-help-"));
    file("cli/main.js", "// js\n", 10);
    file("cli/options.js", "// js\n", 10);
  });
  afterEach(() => rmSync(dist, { recursive: true, force: true }));

  it("answers --help and -h alone, off a terminal or on one of a width it was rendered for", () => {
    rendered(20);
    expect(ask(["--help"])).toBe("HELP\n");
    expect(ask(["-h"], { isTTY: true, columns: 80 })).toBe("HELP\n");
    expect(ask(["--help"], { isTTY: true, columns: 120 })).toBeUndefined();
    expect(ask(["exec", "--help"])).toBeUndefined();
    expect(ask(["--help", "-m", "x"])).toBeUndefined();
  });

  it("leaves it to commander once a compiled file of the program is newer (tsc --watch) or gone", () => {
    rendered(20);
    file("cli/options.js", "// changed\n", 30);
    expect(ask(["--help"])).toBeUndefined();
    rendered(40);
    expect(ask(["--help"])).toBe("HELP\n");
    rmSync(join(dist, "cli", "options.js"));
    expect(ask(["--help"])).toBeUndefined();
  });

  it("answers in an installed package, which ships the rendered text without tsc's output", () => {
    rendered(20);
    rmSync(join(dist, "cli"), { recursive: true });
    expect(ask(["--help"])).toBe("HELP\n");
    expect(ask(["--help"], { isTTY: true, columns: 120 })).toBeUndefined();
  });

  it("leaves it to commander when the build rendered nothing", () => {
    expect(ask(["--help"])).toBeUndefined();
  });
});
