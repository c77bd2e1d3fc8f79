import { execFile } from "node:child_process";
import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { describe, expect, it } from "vitest";
import { BIN, runCli, waitFor } from "./helpers.js";
import { hasTmux } from "./tmux.js";
import { useTuiWorld } from "./tui-world.js";

// `mini-codex acp` under acpx, a real headless ACP client (pinned dev dependency), on the demo
// provider: a session in read-only mode whose edits ask (acpx --approve-all / --deny-all answer),
// `acpx set reasoning_effort high` mid-session (the next request stays on the chain, the ledger
// says so), and the same session resumed in the TUI afterwards.

const ACPX = fileURLToPath(new URL("../../node_modules/acpx/dist/cli.js", import.meta.url));
const run = promisify(execFile);

describe.skipIf(!hasTmux)("mini-codex acp under acpx, then the TUI", () => {
  const tui = useTuiWorld();

  it("edits ask in read-only (approve-all writes, deny-all does not), an effort change stays incremental, and the TUI resumes the session", async () => {
    const { world } = tui;
    const agentCommand = `${process.execPath} ${BIN} acp --demo -s read-only -m gpt-6.2-sol`;
    // acpx keeps its state under $HOME/.acpx and an owner process for --ttl idle seconds (long
    // enough for a loaded machine: the session must stay on one connection; closed at the end)
    const acpx = async (...args: string[]) =>
      (
        await run(process.execPath, [ACPX, "--ttl", "90", "--agent", agentCommand, ...args], {
          cwd: world.repo,
          env: world.env(),
        })
      ).stdout;
    const id = (await acpx("sessions", "new")).trim().split("\n").at(-1) ?? "";
    let steps = false;
    try {
      // the first prompt asks whether to trust the folder, then the edit: both approved
      expect(await acpx("--approve-all", "prompt", "write yes.txt: approved")).toContain(
        "Applied the patch.",
      );
      expect(readFileSync(join(world.repo, "yes.txt"), "utf8")).toBe("approved\n");
      expect(await acpx("--deny-all", "prompt", "write no.txt: denied")).toContain(
        "denied by user",
      );
      expect(existsSync(join(world.repo, "no.txt"))).toBe(false);

      await acpx("set", "reasoning_effort", "high");
      expect(await acpx("--approve-all", "prompt", "after the effort change")).toContain(
        "You said: after the effort change",
      );
      steps = true;
    } finally {
      // acpx's owner process and the agent end with the session (a failed step's error first)
      await acpx("sessions", "close").catch((error: unknown) => {
        if (steps) throw error;
      });
    }
    const ledger = await runCli(["ledger", id, "--json"], { cwd: world.repo, env: world.env() });
    const rows = (JSON.parse(ledger.stdout) as { rows: Array<Record<string, unknown>> }).rows;
    // the effort went in-band on the chain: no new lane, no full request
    expect(rows.at(-1)).toMatchObject({
      mode: "ws_incremental",
      effort: "high",
      effort_update: "high",
    });
    expect(rows.at(-2)).toMatchObject({ effort: "low" });
    // acpx's owner and the agent are gone: the session file is free
    await waitFor(() => !existsSync(join(world.home, "sessions", `${id}.jsonl.lock`)));

    const pane = tui.open(["resume", id], 110, 40);
    await pane.until(
      () => pane.screen().includes("You said: after the effort change"),
      "the ACP session's conversation",
    );
    await pane.until(() => pane.idle(), "the TUI to be ready");
    pane.type("and now in the terminal");
    await pane.until(
      () => pane.screen().includes("You said: and now in the terminal"),
      "the answer in the TUI",
    );
  }, 240_000);
});
