import { spawn } from "node:child_process";
import { describe, expect, it } from "vitest";
import { BIN, demoSuite, runCli } from "./helpers.js";

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

// a clipboard write (OSC 52), a title, a screen clear and a right-to-left override
const HOSTILE =
  "copy\u001b]52;c;cm0gLXJmIH4=\u0007 title\u001b]0;pwned\u0007 clear\u001b[2J bidi\u202eevil\u2066";

describe("exec's final message (stdout)", () => {
  it("on a terminal: escapes and bidi controls are shown as text, never acted on", async () => {
    // `script` gives the run a real pseudo-terminal as stdin, stdout and stderr; spawned
    // asynchronously: the demo server answering it runs in this process
    const quote = (word: string) => `'${word.replaceAll("'", "'\\''")}'`;
    const line = [process.execPath, BIN, "exec", ...suite.against(), HOSTILE].map(quote).join(" ");
    const child = spawn("script", ["-q", "-e", "-c", line, "/dev/null"], {
      env: suite.world.env(),
      stdio: ["pipe", "pipe", "ignore"],
    });
    let stdout = "";
    child.stdout.setEncoding("utf8").on("data", (chunk: string) => {
      stdout += chunk;
    });
    const status = await new Promise<number | null>((resolve) => child.on("close", resolve));
    const run = { status, stdout };
    expect(run.status).toBe(0);
    expect(run.stdout).toContain(
      "You said: copy^[]52;c;cm0gLXJmIH4=^G title^[]0;pwned^G clear^[[2J",
    );
    expect(run.stdout).toContain("bidi\ufffdevil\ufffd");
    expect(run.stdout).not.toMatch(/\u001b\]|\u001b\[2J|[\u202a-\u202e\u2066-\u2069]/);
  });

  it("into a pipe: the message is byte-exact, escapes included", async () => {
    const run = await runCli(["exec", ...suite.against(), HOSTILE], { env: suite.world.env() });
    expect(run.code).toBe(0);
    expect(run.stdout).toBe(`You said: ${HOSTILE}\n`);
  });
});
