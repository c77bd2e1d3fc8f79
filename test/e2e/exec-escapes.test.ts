import { describe, expect, it } from "vitest";
import { demoSuite, runCli } from "./helpers.js";

const suite = demoSuite();

describe("exec's human-readable progress (stderr)", () => {
  it("neutralises control sequences in command output: no title change, no screen clear", async () => {
    // the command prints an OSC title change, a clear-screen and a bell
    const command = String.raw`printf '\033]0;pwned\007before\033[2Jafter\n'`;
    const run = await runCli(["exec", ...suite.against(), `run: ${command}`], {
      env: suite.world.env(),
    });
    expect(run.code).toBe(0);
    expect(run.stderr).toContain("beforeafter");
    expect(run.stderr).not.toContain("\u001b");
    expect(run.stderr).not.toContain("\u0007");
    // the command line itself is shown with its escapes as text
    expect(run.stderr).toContain("$ printf '\\033]0;pwned");
  });
});
