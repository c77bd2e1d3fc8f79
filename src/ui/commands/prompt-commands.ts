import type { AgentSession, PromptFile } from "../../session/index.js";
import { fillPromptArguments } from "../../text/index.js";
import { SLASH_COMMANDS } from "./command-list.js";
import { info, type SlashCommand } from "./types.js";

/** A prompt file as `/name`: its body, `$1`… and `$ARGUMENTS` filled, sent as a message. */
function promptCommand(prompt: PromptFile): SlashCommand {
  return {
    name: prompt.name,
    description: prompt.description ?? `prompt file ${prompt.path}`,
    ...(prompt.argumentHint ? { args: prompt.argumentHint } : {}),
    allowedWhileBusy: false,
    run(ctx) {
      const text = fillPromptArguments(prompt.body, ctx.args).trim();
      if (text === "") {
        ctx.print(info(`${prompt.path} is empty: nothing was sent.`));
        return;
      }
      ctx.controller.send(text);
    },
  };
}

/** The built-in commands, then the session's prompt files (a built-in name wins). */
export function commandsOf(session: Pick<AgentSession, "knowledge"> | undefined): SlashCommand[] {
  const prompts = (session?.knowledge?.prompts ?? []).filter(
    (prompt) => !SLASH_COMMANDS.some((command) => command.name === prompt.name),
  );
  return [...SLASH_COMMANDS, ...prompts.map(promptCommand)];
}
