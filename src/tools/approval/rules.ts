import { isReadOnlyWords, runsAnything, shellWords } from "../../sandbox/index.js";
import {
  type RulesCall,
  RulesSyntaxError,
  type RulesValue,
  readRulesCalls,
  type TextSpot,
} from "./rules-syntax.js";

/** What a rule says about the commands it matches (Codex execpolicy). */
const RULE_DECISIONS = ["allow", "prompt", "forbidden"] as const;
export type RuleDecision = (typeof RULE_DECISIONS)[number];
const STRICTNESS: Record<RuleDecision, number> = { allow: 0, prompt: 1, forbidden: 2 };

/** One `prefix_rule(...)` of a rules file. */
export interface PrefixRule {
  /** Each position's accepted words (a nested list in the file gives alternatives). */
  pattern: string[][];
  decision: RuleDecision;
  justification?: string;
  file: string;
  line: number;
  /** The call's text span in its file. */
  start: number;
  end: number;
}

/** What the rules say about a command line, with the rule that decided. */
export interface RuleVerdict {
  decision: RuleDecision;
  rule: PrefixRule;
}

const KNOWN_ARGS = new Set(["pattern", "decision", "justification", "match", "not_match"]);
/** Codex calls mini-codex reads past without using (documented in docs/config.md). */
const IGNORED_CALLS = new Set(["host_executable"]);

function fail(file: string, at: TextSpot, reason: string): never {
  throw new RulesSyntaxError(file, at, reason);
}

function words(file: string, value: RulesValue, what: string): string[] {
  if (value.kind === "string") return [value.text];
  const out = value.items.map((item) =>
    item.kind === "string" ? item.text : fail(file, item.at, `${what}: expected a string`),
  );
  if (out.length === 0) fail(file, value.at, `${what}: an empty list`);
  return out;
}

function patternOf(file: string, value: RulesValue): string[][] {
  if (value.kind !== "list" || value.items.length === 0) {
    fail(file, value.at, "`pattern` must be a non-empty list of words");
  }
  return value.items.map((item) => words(file, item, "a pattern word"));
}

/** An example of `match`/`not_match`: a list of words, or a string split like a shell line. */
function exampleWords(file: string, value: RulesValue): string[] {
  if (value.kind === "list") return words(file, value, "an example");
  const split = shellWords(value.text);
  if (split?.length !== 1) fail(file, value.at, "an example must be one plain command");
  return split[0] as string[];
}

/** True when the command's words start with the rule's pattern. */
function ruleMatches(rule: Pick<PrefixRule, "pattern">, command: readonly string[]): boolean {
  return (
    command.length >= rule.pattern.length &&
    rule.pattern.every((choices, i) => choices.includes(command[i] as string))
  );
}

function checkExamples(file: string, call: RulesCall, rule: PrefixRule) {
  for (const [key, expected] of [
    ["match", true],
    ["not_match", false],
  ] as const) {
    const arg = call.args.get(key);
    if (!arg) continue;
    if (arg.value.kind !== "list")
      fail(file, arg.value.at, `\`${key}\` must be a list of examples`);
    for (const example of arg.value.items) {
      if (ruleMatches(rule, exampleWords(file, example)) !== expected) {
        const says = expected ? "does not match" : "matches";
        fail(file, example.at, `the rule ${says} this \`${key}\` example`);
      }
    }
  }
}

function stringArg(file: string, call: RulesCall, key: string): string | undefined {
  const arg = call.args.get(key);
  if (!arg) return undefined;
  if (arg.value.kind !== "string") fail(file, arg.value.at, `\`${key}\` must be a string`);
  return arg.value.text;
}

function ruleOf(file: string, call: RulesCall): PrefixRule {
  for (const [key, arg] of call.args) {
    if (!KNOWN_ARGS.has(key)) fail(file, arg.at, `prefix_rule has no argument \`${key}\``);
  }
  const pattern = call.args.get("pattern");
  if (!pattern) fail(file, call.at, "prefix_rule needs a `pattern`");
  const decision = stringArg(file, call, "decision") ?? "allow";
  if (!(RULE_DECISIONS as readonly string[]).includes(decision)) {
    const at = call.args.get("decision")?.value.at ?? call.at;
    fail(file, at, `\`decision\` must be "allow", "prompt" or "forbidden", not "${decision}"`);
  }
  const justification = stringArg(file, call, "justification");
  const rule: PrefixRule = {
    pattern: patternOf(file, pattern.value),
    decision: decision as RuleDecision,
    ...(justification !== undefined ? { justification } : {}),
    file,
    line: call.at.line,
    start: call.start,
    end: call.end,
  };
  const interpreter = rule.decision === "allow" && rule.pattern[0]?.find(runsAnything);
  if (interpreter) {
    fail(
      file,
      pattern.value.at,
      `a rule may not allow \`${interpreter}\`: it runs whatever its arguments say (allow the program it runs instead)`,
    );
  }
  checkExamples(file, call, rule);
  return rule;
}

/** The prefix rules of one file's text; throws RulesSyntaxError naming file:line:column. */
export function parseRules(file: string, text: string): PrefixRule[] {
  const rules: PrefixRule[] = [];
  for (const call of readRulesCalls(file, text)) {
    if (IGNORED_CALLS.has(call.name)) continue;
    if (call.name !== "prefix_rule") {
      fail(file, call.at, `unknown rule \`${call.name}\` (mini-codex reads prefix_rule)`);
    }
    rules.push(ruleOf(file, call));
  }
  return rules;
}

/** Whether an "always" answer for this prefix can be saved as an allow rule. */
export function canSaveAllowRule(prefix: readonly string[]): boolean {
  return prefix.length > 0 && !runsAnything(prefix[0] as string);
}

const quoted = (word: string) => JSON.stringify(word);

/** The text of a rule for a prefix, as it is appended to a rules file. */
export function prefixRuleText(
  prefix: readonly string[],
  decision: RuleDecision,
  note: string,
): string {
  const pattern = prefix.map(quoted).join(", ");
  return `prefix_rule(\n    pattern = [${pattern}],\n    decision = "${decision}",\n    justification = ${quoted(note)},\n)\n`;
}

/** The strictest rule matching one command's words. */
function strictest(rules: readonly PrefixRule[], command: string[]): PrefixRule | undefined {
  let best: PrefixRule | undefined;
  for (const rule of rules) {
    if (!ruleMatches(rule, command)) continue;
    if (!best || STRICTNESS[rule.decision] > STRICTNESS[best.decision]) best = rule;
  }
  return best;
}

/** Commands of a line that is not plain words, split loosely: enough to find what is forbidden. */
function looseCommands(line: string): string[][] {
  return line
    .split(/[;&|\n()`]+|\$\(/)
    .map((part) => part.replace(/["']/g, "").trim().split(/\s+/).filter(Boolean))
    .filter((part) => part.length > 0);
}

/**
 * What the rules decide for a command line: the strictest rule over its commands wins
 * (forbidden > prompt > allow); "allow" only when every command is allowed by a rule or
 * read-only and the line is plain words. Undefined: the rules have no say.
 */
export function rulesVerdict(rules: readonly PrefixRule[], line: string): RuleVerdict | undefined {
  if (rules.length === 0) return undefined;
  const plain = shellWords(line.trim());
  const commands = plain ?? looseCommands(line);
  const found = commands.map((command) => strictest(rules, command));
  let verdict: RuleVerdict | undefined;
  for (const rule of found) {
    if (rule && (!verdict || STRICTNESS[rule.decision] > STRICTNESS[verdict.decision])) {
      verdict = { decision: rule.decision, rule };
    }
  }
  if (verdict?.decision !== "allow") return verdict;
  const allAllowed = commands.every((command, i) => found[i] || isReadOnlyWords(command));
  return plain && allAllowed ? verdict : undefined;
}

/** A rule as one line for people: `allow  git push …  (file:line)`. */
export function describeRule(rule: PrefixRule): string {
  const pattern = rule.pattern
    .map((choices) => (choices.length === 1 ? choices[0] : `[${choices.join("|")}]`))
    .join(" ");
  return `${rule.decision}  ${pattern}`;
}
