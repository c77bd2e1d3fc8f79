import type { ResponseItem } from "../../protocol/index.js";
import type { DemoToolOffer } from "../request/index.js";
import { type DemoOutput, outputText, shellCall } from "./model-tools.js";
import { userText } from "./summary.js";

// The demo model's use of skills: asked to use one (`use skill NAME` or `$NAME`), it finds the
// skill in the developer message that lists them, reads its SKILL.md with the shell tool
// unless the body is already in the context (a `<skill>` item), then says what the body's
// first line asks.

interface ListedSkill {
  name: string;
  path: string;
}

function developerTexts(context: readonly ResponseItem[]): string[] {
  return context
    .filter((item) => item.type === "message" && item.role === "developer")
    .flatMap((item) => (Array.isArray(item.content) ? item.content : []))
    .map((part) => (part && typeof part === "object" && "text" in part ? String(part.text) : ""));
}

/** The skills the request lists: lines `- name: description (file: path)`. */
function listedSkills(context: readonly ResponseItem[]): ListedSkill[] {
  const skills: ListedSkill[] = [];
  for (const text of developerTexts(context)) {
    for (const match of text.matchAll(/^- ([\w-]+): .*\(file: (\S+)\)$/gm)) {
      if (match[1] && match[2]) skills.push({ name: match[1], path: match[2] });
    }
  }
  return skills;
}

/** The first non-empty line of a SKILL.md's body (after its front matter). */
function firstBodyLine(text: string): string {
  const afterFrontMatter = text
    .split(/^---[ \t]*$/m)
    .slice(2)
    .join("---");
  const body = afterFrontMatter || text;
  return (
    body
      .split("\n")
      .find((line) => line.trim() !== "" && !line.startsWith("<"))
      ?.trim() ?? ""
  );
}

/** The skill the prompt asks for, if the request lists it. */
function requested(prompt: string, context: readonly ResponseItem[]): ListedSkill | undefined {
  const name = /(?:^use skill\s+|(?:^|\s)\$)([\w-]+)/.exec(prompt)?.[1];
  return name ? listedSkills(context).find((skill) => skill.name === name) : undefined;
}

/** A prompt that asks for a listed skill: read it, or use the body already given. */
export function skillStep(
  prompt: string,
  context: readonly ResponseItem[],
  tools: DemoToolOffer[],
): DemoOutput | undefined {
  const skill = requested(prompt, context);
  if (!skill) return undefined;
  const given = context
    .map((item) => userText(item) ?? "")
    .find((text) => text.startsWith("<skill>") && text.includes(`<name>${skill.name}</name>`));
  if (given !== undefined) return usingMessage(skill.name, given);
  return shellCall(tools, `cat '${skill.path}'`);
}

/** After the shell read a listed SKILL.md: the answer that follows it. */
export function skillReadFollowUp(
  context: readonly ResponseItem[],
  output: ResponseItem,
): DemoOutput | undefined {
  const call = context.findLast(
    (item) => item.type === "function_call" && item.call_id === output.call_id,
  );
  const args = typeof call?.arguments === "string" ? call.arguments : "";
  const skill = listedSkills(context).find((s) => args.includes(`cat '${s.path}'`));
  return skill ? usingMessage(skill.name, outputText(output.output)) : undefined;
}

function usingMessage(name: string, body: string): DemoOutput {
  const text = `Using the ${name} skill: ${firstBodyLine(body)}`;
  return { type: "message", deltas: text.match(/\S+\s*|\s+/g) ?? [text] };
}
