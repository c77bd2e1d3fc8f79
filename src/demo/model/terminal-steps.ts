import type { ResponseItem } from "../../protocol/index.js";
import type { DemoToolOffer } from "../request/index.js";
import { addFileCall, type DemoOutput, offered, outputText, shellCall } from "./model-tools.js";
import { userText } from "./summary.js";

/**
 * The demo model's background terminals: a prompt whose first line is `start: <command>` is a
 * script, one step per line, each run after the previous one's output came back:
 *   start: <command>     exec_command in a pseudo-terminal (a server, a REPL)
 *   send: <text>         write_stdin: the text and Enter, to the last started process
 *   poll                 write_stdin with nothing: wait for and read new output
 *   stop                 write_stdin Ctrl-C
 *   run: <command>       any command through the shell tool (e.g. reach the server)
 *   write <path>: <text> apply_patch adding the file (patches beside a running process)
 * `send 2: …`, `poll 2`, `stop 2` name a session. After the last step comes the usual reading.
 */
export function terminalStep(
  context: ResponseItem[],
  tools: DemoToolOffer[],
): DemoOutput | undefined {
  const at = lastUserIndex(context);
  const prompt = at < 0 ? undefined : userText(context[at]);
  if (!prompt || !/^start:/.test(prompt)) return undefined;
  const steps = prompt
    .split("\n")
    .map((line) => line.trim())
    .filter((line) => line !== "");
  const done = context
    .slice(at + 1)
    .filter(
      (item) => item.type === "function_call_output" || item.type === "custom_tool_call_output",
    ).length;
  const step = steps[done];
  if (step === undefined) return undefined;
  return stepCall(step, context, tools);
}

function stepCall(step: string, context: ResponseItem[], tools: DemoToolOffer[]): DemoOutput {
  const start = /^start:\s*(.+)$/.exec(step);
  if (start?.[1]) return call(tools, "exec_command", { cmd: start[1], tty: true });
  const run = /^run:\s*(.+)$/.exec(step);
  if (run?.[1]) return shellCall(tools, run[1]) ?? say(`No shell tool to run ${run[1]}.`);
  const file = /^write\s+([^:\s][^:\n]*?):[ \t]?(.*)$/.exec(step);
  if (file?.[1]) return addFileCall(tools, file[1], file[2] ?? "") ?? say("No apply_patch tool.");
  const write = /^(send|poll|stop)(?:\s+(\d+))?\s*(?::\s?(.*))?$/.exec(step);
  if (!write?.[1]) return say(`I do not know the step "${step}".`);
  const sessionId = write[2] ? Number(write[2]) : lastSessionId(context);
  if (sessionId === undefined) return say("No process is running to write to.");
  const chars = write[1] === "send" ? `${write[3] ?? ""}\n` : write[1] === "stop" ? "\u0003" : "";
  return call(tools, "write_stdin", { session_id: sessionId, chars });
}

/** The session id of the newest process an output says is running. */
function lastSessionId(context: ResponseItem[]): number | undefined {
  for (let i = context.length - 1; i >= 0; i--) {
    const item = context[i];
    if (item?.type !== "function_call_output") continue;
    const match = /Process running with session ID (\d+)/.exec(outputText(item.output));
    if (match?.[1]) return Number(match[1]);
  }
  return undefined;
}

function lastUserIndex(context: ResponseItem[]): number {
  for (let i = context.length - 1; i >= 0; i--) if (userText(context[i]) !== undefined) return i;
  return -1;
}

function call(tools: DemoToolOffer[], name: string, args: unknown): DemoOutput {
  if (offered(tools, name)?.type !== "function")
    return say(`The ${name} tool is not available in this request.`);
  return { type: "function_call", name, arguments: JSON.stringify(args) };
}

function say(body: string): DemoOutput {
  return { type: "message", deltas: body.match(/\S+\s*|\s+/g) ?? [body] };
}
