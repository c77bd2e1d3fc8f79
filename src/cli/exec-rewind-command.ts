import type { Command } from "commander";
import type { ExecFlags } from "../launch/index.js";
import { UsageError } from "../launch/index.js";
import { normalizeFlags } from "./options.js";

type Pending = { result?: Promise<number> };

/** `mini-codex exec rewind [SESSION_ID|--last] [TURN] [--mode …]` (docs/config.md, "Rewind"). */
export function addExecRewindCommand(exec: Command, pending: Pending): void {
  exec
    .command("rewind")
    .description("rewind a saved session to before one of its user messages (no TURN: list them)")
    .argument("[SESSION_ID]", "the session (or use --last)")
    .argument("[TURN]", "the user message to rewind to, 1 for the first")
    .option("--last", "the most recent session of this directory")
    .option("--mode <MODE>", "code, conversation or both", "both")
    .action(
      (
        id: string | undefined,
        turn: string | undefined,
        own: { last?: boolean; mode?: string },
        cmd: Command,
      ) => {
        const flags = normalizeFlags(cmd.parent?.opts<Partial<ExecFlags>>() ?? {});
        if (!own.last && !id) throw new UsageError("exec rewind needs a SESSION_ID or --last");
        if (own.last && turn !== undefined)
          throw new UsageError("exec rewind --last takes at most one TURN");
        const resume = own.last ? { last: true as const } : { id: id as string };
        const at = own.last ? id : turn;
        pending.result = import("../exec/index.js").then((m) =>
          m.runRewind({
            flags,
            resume,
            ...(at !== undefined ? { turn: at } : {}),
            ...(own.mode ? { mode: own.mode } : {}),
          }),
        );
      },
    );
}
