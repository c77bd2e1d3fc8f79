import { existsSync, readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { BIN } from "./helpers.js";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// Issue 17 in a real terminal: what the person approves, reads and leaves with is the whole truth.
const UNTRUSTED = ["-c", 'approval_policy="untrusted"'];

const sixtyLinePatch = [
  "patch:",
  "*** Begin Patch",
  "*** Add File: big.txt",
  ...Array.from({ length: 60 }, (_, i) => `+line ${i + 1}`),
  "*** End Patch",
].join("\n");

describe.skipIf(!hasTmux)(
  "TUI in tmux: approvals, output, status and exit tell the whole truth",
  () => {
    const tui = useTuiWorld();
    const open = (args: string[], width = 100, height = 30) => tui.open(args, width, height);

    it("a 60-line patch can be read to its last line before answering", async () => {
      const p = open([...UNTRUSTED, sixtyLinePatch]);
      await p.until(() => p.screen().includes("Apply this patch?"), "the patch prompt");
      // The prompt box alone (the message above it holds the patch text too).
      const prompt = () => {
        const lines = p.screen().split("\n");
        const top = lines.findIndex((line) => line.includes("Apply this patch?"));
        const end = lines.findIndex((line, i) => i > top && line.startsWith("╰"));
        return lines.slice(top, end).join("\n");
      };
      expect(prompt()).toContain("Apply this patch? 1 file · +60 −0");
      expect(prompt()).toContain("--- /dev/null");
      expect(prompt()).not.toContain("line 60");
      for (let i = 0; i < 30 && !prompt().includes("· end"); i++) {
        const before = prompt();
        p.keys("NPage");
        await p.until(() => prompt() !== before, "the diff to scroll");
      }
      expect(prompt()).toMatch(/60 \+line 60/);
      // Back to the top with Home: the first line again.
      p.keys("Home");
      await p.until(() => /\b1 \+line 1\b/.test(prompt()), "the first line again");
      p.literal("y");
      await p.until(() => p.screen().includes("Applied the patch."), "the patch applied");
      expect(readFileSync(join(tui.world.repo, "big.txt"), "utf8").split("\n")).toHaveLength(61);
    }, 60_000);

    it("the two 'don't ask again' answers approve exactly what their labels say and nothing more", async () => {
      const p = open([...UNTRUSTED, "run: touch one.txt"]);
      await p.until(() => p.screen().includes("Run this command?"), "the command prompt");
      expect(p.screen()).toContain(
        "[a] Yes, and don't ask again for commands that start with `touch`",
      );
      p.literal("a");
      await p.until(() => p.screen().includes("Ran the command."), "the first command");
      await p.until(() => p.idle(), "the turn to end");
      // Another command with the same prefix runs without a question.
      p.type("run: touch two.txt");
      await p.until(
        () => p.screen().match(/Ran the command\./g)?.length === 2,
        "the second command",
      );
      expect(existsSync(join(tui.world.repo, "two.txt"))).toBe(true);
      // One that starts otherwise still asks; "tell the model" sends the person's words.
      p.type("run: mkdir three");
      await p.until(() => p.screen().includes("$ mkdir three"), "the mkdir prompt");
      p.literal("f");
      await p.until(
        () => p.screen().includes("What should the model do differently?"),
        "the field",
      );
      p.literal("use the existing folder");
      p.keys("Enter");
      await p.until(
        () => p.screen().includes("denied by user: use the existing folder"),
        "the reply",
      );
      expect(existsSync(join(tui.world.repo, "three"))).toBe(false);
      const outputs = JSON.stringify(tui.server.requests.at(-1)?.body);
      expect(outputs).toContain("denied by user: use the existing folder");

      // Patches: "these files" covers later patches of the same file only.
      p.type("write p1.txt: hello");
      await p.until(() => p.screen().includes("Apply this patch?"), "the patch prompt");
      expect(p.screen()).toContain("[a] Yes, and don't ask again for these files");
      p.literal("a");
      await p.until(() => p.screen().includes("Applied the patch."), "the first patch");
      await p.until(() => p.idle(), "the turn to end");
      p.literal(
        "patch:\n*** Begin Patch\n*** Update File: p1.txt\n@@\n-hello\n+hello again\n*** End Patch",
      );
      p.keys("Enter");
      await p.until(
        () => p.screen().match(/Applied the patch\./g)?.length === 2,
        "the second patch",
      );
      expect(readFileSync(join(tui.world.repo, "p1.txt"), "utf8")).toBe("hello again\n");
      p.type("write p2.txt: other");
      await p.until(() => p.screen().includes("Apply this patch?"), "a prompt for another file");
      expect(existsSync(join(tui.world.repo, "p2.txt"))).toBe(false);
      p.keys("Escape");
    }, 90_000);

    it("a 3 000-character output line takes one row, and Ctrl+O shows all of it", async () => {
      const p = open([...UNTRUSTED, "run: head -c 3000 /dev/zero | tr '\\0' x"]);
      await p.until(() => p.screen().includes("Ran the command."), "the command to finish");
      const rows = () =>
        p
          .screen()
          .split("\n")
          .filter((line) => /x{20}/.test(line));
      expect(rows()).toHaveLength(1);
      expect(rows()[0]).toMatch(/x…\s*$/);
      expect(p.screen()).toContain("Ctrl+O shows the last output in full");
      p.keys("C-o");
      // 3 000 characters at 100 columns: 30 rows, more than the screen holds.
      await p.until(() => rows().length >= 20, "the whole output");
    }, 60_000);

    it("with a queued message on 60 columns the status bar still shows working and queued", async () => {
      const p = open([], 60);
      await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
      p.type("demo:slow 30");
      await p.until(() => p.statusBar().includes("working"), "the turn to work");
      // Tab queues behind the turn (Enter would send it into the turn)
      p.literal("the queued one");
      p.keys("Tab");
      await p.until(() => p.statusBar().includes("1 queued"), "the queue in the status bar");
      expect(p.statusBar()).toMatch(/working \d+s · 1 queued/);
      expect(p.statusBar().trimEnd().length).toBeLessThanOrEqual(60);
      // The timer runs.
      await p.until(() => /working [1-9]\d*s/.test(p.statusBar()), "the timer to tick");
      p.keys("Escape");
      await p.until(() => p.idle(), "the interrupt");
    }, 60_000);

    it("Enter during a command steers the turn: the message rides in its next request", async () => {
      const p = open([]);
      await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
      p.type("run: sleep 2");
      await p.until(() => p.screen().includes("Enter steers, Tab queues"), "the busy hint");
      // during the command itself (the hint shows from Enter on, while the turn still waits)
      await p.until(() => p.screen().includes("⏵ $ sleep 2"), "the running command");
      const before = tui.server.requests.length;
      p.type("also say zebra");
      await p.until(() => p.screen().includes("(sent into the running turn)"), "the steering line");
      await p.until(() => p.idle(), "the turn to end");
      // the request after the command: its output, then the steering message, on the chain
      const next = tui.server.requests
        .slice(before)
        .find((r) => JSON.stringify(r.body).includes("function_call_output"));
      expect(next?.previousResponseId).toBeDefined();
      const body = JSON.stringify(next?.body);
      expect(body.indexOf("also say zebra")).toBeGreaterThan(body.indexOf("function_call_output"));
    }, 60_000);

    it("quitting clears the live region and prints the session id, the resume hint and the tokens", async () => {
      const p = open([]);
      await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
      const id = /session (\S+)/.exec(p.screen())?.[1] ?? "";
      expect(id).not.toBe("");
      p.type("hello there");
      await p.until(() => p.screen().includes("You said: hello there"), "the answer");
      await p.until(() => p.idle(), "the turn to end");
      p.type("/quit");
      await p.until(() => !p.alive(), "the TUI to leave");
      // printed plainly after the TUI left: the terminal wraps it, at any column (the launcher's
      // path is the checkout's, of any length), so its wrapped rows are read joined
      const after = p.joinedScreen();
      expect(after).toContain(`Session ${id}`);
      // no mini-codex on PATH here: the hint names this launcher by its path (it runs as printed)
      expect(after).toContain(`Continue it with: ${BIN} resume ${id}\n`);
      expect(after).toMatch(
        /Tokens: input [\d,]+ \(cached [\d,]+\) · output [\d,]+ · \d+ requests/,
      );
      // The live region (composer with "/quit", status bar) is gone.
      expect(after).not.toContain("› /quit");
      expect(after).not.toContain("Ask mini-codex");
      // The id is the saved session's.
      const files = readdirSync(join(tui.world.home, "sessions"), { recursive: true }).map(String);
      expect(files.some((name) => name.includes(id))).toBe(true);
    }, 60_000);

    it("/status shows the directory, approval and sandbox", async () => {
      const p = open([...UNTRUSTED, "-s", "workspace-write"]);
      await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
      expect(p.screen()).toContain("approval untrusted · sandbox workspace-write");
      p.type("/status");
      await p.until(() => p.screen().includes("approval     untrusted"), "the status");
      expect(p.screen()).toContain("sandbox      workspace-write — commands confined");
      expect(p.screen()).toContain("directory");
    }, 60_000);

    it("keys typed while it starts land in the composer only, with no stray line above", async () => {
      const p = open([]);
      p.literal("early keys");
      await p.until(() => p.screen().includes("Esc interrupts"), "the banner");
      await p.until(() => p.screen().includes("› early keys"), "the keys in the composer");
      expect(p.screen().split("\n")[0]).toMatch(/^╭/);
      expect(p.screen().match(/early keys/g)).toHaveLength(1);
    }, 60_000);

    it("at 40 columns every approval line wraps with a hanging indent", async () => {
      const p = open([...UNTRUSTED, "run: touch made-by-the-test-with-a-long-name.txt"], 40, 30);
      await p.until(() => p.screen().includes("Run this command?"), "the command prompt");
      const lines = p.screen().split("\n");
      const at = lines.findIndex((line) => line.includes("$ touch"));
      // The command's second row starts under the command, not under the "$".
      expect(lines[at + 1]).toMatch(/^│ {3}\S/);
      // A long choice wraps under its label, not under its "[a]".
      const choice = lines.findIndex((line) => line.includes("[a] Yes, and don't"));
      expect(choice).toBeGreaterThan(at);
      expect(lines[choice + 1]).toMatch(/^│ {7}\S/);
      p.keys("Escape");
    }, 60_000);
  },
);
