import type { ResponseItem } from "../../protocol/index.js";
import { dataUrlFacts } from "../../protocol/index.js";
import type { DemoToolOffer } from "../request/index.js";

export type DemoOutput =
  /** An assistant message streamed as these deltas, optionally spaced `delayMs` apart. */
  | { type: "message"; deltas: string[]; delayMs?: number }
  | { type: "function_call"; name: string; arguments: string; namespace?: string }
  | { type: "custom_tool_call"; name: string; input: string; namespace?: string }
  /** The hosted web_search tool ran this query. */
  | { type: "web_search_call"; query: string }
  /** A server-side compaction: the item standing for the context (`compaction_trigger`). */
  | { type: "compaction"; encrypted: string };

/** The shell tools a client may offer, and how each one takes a command line. */
const SHELL_TOOLS: Array<{ name: string; args: (command: string) => unknown }> = [
  { name: "shell_command", args: (command) => ({ command }) },
  { name: "exec_command", args: (command) => ({ cmd: command }) },
  { name: "shell", args: (command) => ({ command: ["bash", "-lc", command] }) },
];

const WEB_SEARCH_TYPES = new Set([
  "web_search",
  "web_search_2025_08_26",
  "web_search_preview",
  "web_search_preview_2025_03_11",
]);

export function offered(tools: DemoToolOffer[], name: string): DemoToolOffer | undefined {
  return tools.find((tool) => tool.name === name);
}

export function offersWebSearch(tools: DemoToolOffer[]): boolean {
  return tools.some((tool) => WEB_SEARCH_TYPES.has(tool.type));
}

/** The namespace a tool was declared in, as a call names it. */
function within(tool: DemoToolOffer | undefined): { namespace?: string } {
  return tool?.namespace ? { namespace: tool.namespace } : {};
}

/** Run a command line through whichever shell tool is offered (undefined: none is). */
export function shellCall(tools: DemoToolOffer[], command: string): DemoOutput | undefined {
  for (const shell of SHELL_TOOLS) {
    const tool = offered(tools, shell.name);
    if (tool?.type === "function") {
      return {
        type: "function_call",
        name: shell.name,
        arguments: JSON.stringify(shell.args(command)),
        ...within(tool),
      };
    }
  }
  return codeModeCall(tools, `tools.exec_command(${JSON.stringify({ cmd: command })})`);
}

/**
 * The Codex CLI's code mode: a custom `exec` tool whose input is JavaScript calling the nested
 * tools on the global `tools` object (`tools.exec_command`, `tools.apply_patch`, …).
 */
function codeModeCall(tools: DemoToolOffer[], call: string): DemoOutput | undefined {
  const exec = offered(tools, CODE_MODE_TOOL);
  if (exec?.type !== "custom") return undefined;
  const input = `const result = await ${call};\ntext(result);\n`;
  return { type: "custom_tool_call", name: CODE_MODE_TOOL, input, ...within(exec) };
}

const CODE_MODE_TOOL = "exec";

/**
 * Apply a patch through the apply_patch tool (custom or function), or else through the shell
 * as `apply_patch <<'EOF'` (the Codex CLI runs that as its own patch tool).
 */
export function patchCall(tools: DemoToolOffer[], patch: string): DemoOutput | undefined {
  const tool = offered(tools, "apply_patch");
  if (tool?.type === "custom")
    return { type: "custom_tool_call", name: "apply_patch", input: patch, ...within(tool) };
  if (tool?.type === "function") {
    return {
      type: "function_call",
      name: "apply_patch",
      arguments: JSON.stringify({ input: patch }),
      ...within(tool),
    };
  }
  return (
    codeModeCall(tools, `tools.apply_patch(${JSON.stringify(patch)})`) ??
    shellCall(tools, `apply_patch <<'EOF'\n${patch}\nEOF`)
  );
}

/** `write <path>: <text>`: an apply_patch call adding the file with that one line. */
export function addFileCall(tools: DemoToolOffer[], path: string, line: string) {
  return patchCall(tools, `*** Begin Patch\n*** Add File: ${path}\n+${line}\n*** End Patch`);
}

/** The demo model's one-line reading of a tool output, by the tool that produced it. */
export function followUp(context: ResponseItem[], output: ResponseItem): string {
  const call = context.findLast(
    (item) =>
      (item.type === "function_call" || item.type === "custom_tool_call") &&
      item.call_id === output.call_id,
  );
  const name = typeof call?.name === "string" ? call.name : undefined;
  const body = outputText(output.output);
  const images = imageNotes(output.output);
  if (images.length > 0) return images.join("\n");
  if (name === "apply_patch" || (name && isShellPatch(call))) return patchFollowUp(body);
  if (name === CODE_MODE_TOOL && typeof call?.input === "string") {
    if (call.input.includes("tools.apply_patch(")) {
      // code mode answers a patch that applied with its script's completion, not "Success."
      return /^Script completed/.test(body) ? "Applied the patch." : patchFollowUp(body);
    }
    const exit = exitCode(body);
    if (exit !== undefined) return `Ran the command. Exit code ${exit}.`;
  }
  if (name === "update_plan") return "Plan noted.";
  const terminal =
    name === "exec_command" || name === "write_stdin" ? terminalFollowUp(body) : undefined;
  if (terminal) return terminal;
  if (name && SHELL_TOOLS.some((shell) => shell.name === name)) {
    const exit = exitCode(body);
    if (exit !== undefined) return `Ran the command. Exit code ${exit}.`;
    return `The command did not run: ${body.split("\n")[0] ?? ""}`;
  }
  return `Received the tool output: ${body.split("\n")[0] ?? ""}`;
}

function patchFollowUp(body: string): string {
  if (/(^|\n)Success\./.test(body)) return "Applied the patch.";
  const reason = body
    .split("\n")
    .find((line) => line.trim() !== "" && !/^(Exit code|Wall time|Output):?/.test(line));
  return `The patch failed: ${reason ?? ""}`;
}

function isShellPatch(call: ResponseItem | undefined): boolean {
  return typeof call?.arguments === "string" && call.arguments.includes("apply_patch <<");
}

/** The exit code in mini-codex's, the Codex CLI's exec_command or its JSON shell output. */
function exitCode(body: string): string | undefined {
  const match =
    /^Exit code: (-?\d+)/m.exec(body) ??
    /Process exited with code (-?\d+)/.exec(body) ??
    /"exit_code":\s*(-?\d+)/.exec(body);
  return match?.[1];
}

export function outputText(output: unknown): string {
  if (typeof output === "string") return output;
  if (!Array.isArray(output)) return "";
  return output
    .map((part) => (typeof part?.text === "string" ? (part.text as string) : ""))
    .join("");
}

/**
 * "received image: image/png, 1234 bytes" for each input_image part (deterministic: the data
 * URL's type and decoded size, or the URL / file id it points at).
 */
export function imageNotes(content: unknown): string[] {
  if (!Array.isArray(content)) return [];
  return content.flatMap((part) => {
    if (part?.type !== "input_image") return [];
    const url = typeof part.image_url === "string" ? part.image_url : undefined;
    const data = url ? dataUrlFacts(url) : undefined;
    if (data) return [`received image: ${data.mediaType}, ${data.bytes} bytes`];
    if (url) return [`received image: ${url}`];
    if (typeof part.file_id === "string") return [`received image: file ${part.file_id}`];
    return ["received image: (no data)"];
  });
}

/** The demo's reading of an exec_command / write_stdin output: running or ended, and the output. */
function terminalFollowUp(body: string): string | undefined {
  const running = /Process running with session ID (\d+)/.exec(body);
  const exited = /Process exited with code (-?\d+)/.exec(body);
  if (!running && !exited) return undefined;
  const at = body.indexOf("Output:\n");
  const output = at < 0 ? "" : body.slice(at + "Output:\n".length).trimEnd();
  const state = running
    ? `Process ${running[1]} is still running.`
    : `Ran the command. Exit code ${exited?.[1]}.`;
  return output ? `${state} Output:\n${output}` : state;
}
