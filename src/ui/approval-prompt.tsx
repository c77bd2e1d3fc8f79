import { Box, type Key, Text, useStdout } from "ink";
import { printable } from "../text/terminal-text.js";
import { sessionDecision } from "../tools/approval/policy.js";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import { DiffText } from "./entry-view.js";

const PROMPT_DIFF_LINES = 12;
/** Rows the rest of the live region takes around the diff (prompt frame, composer, status). */
const AROUND_DIFF_ROWS = 17;

/**
 * Diff lines the patch prompt shows on a terminal of `rows` rows: a live region as tall as
 * the terminal makes Ink clear the screen and print the whole transcript on every key.
 */
export function promptDiffLines(rows: number | undefined): number {
  if (!rows) return PROMPT_DIFF_LINES;
  return Math.max(3, Math.min(PROMPT_DIFF_LINES, rows - AROUND_DIFF_ROWS));
}

interface Choice {
  key: string;
  decision: ApprovalDecision;
  label: string;
}

/** The answers a request offers; "for the session" says exactly what it approves. */
export function approvalChoices(request: ApprovalRequest): Choice[] {
  const session = sessionDecision(request);
  const choices: Choice[] = [{ key: "y", decision: { kind: "approve" }, label: "Yes, once" }];
  if (session?.kind === "approve_prefix") {
    const prefix = printable(session.prefix.join(" "));
    choices.push({
      key: "a",
      decision: session,
      label: `Yes, and don't ask again for commands that start with \`${prefix}\``,
    });
  } else if (session?.kind === "approve_files") {
    choices.push({
      key: "a",
      decision: session,
      label: "Yes, and don't ask again for these files",
    });
  }
  choices.push({
    key: "n",
    decision: { kind: "deny" },
    label: "No (tell the model it was denied)",
  });
  return choices;
}

/** A key on the approval prompt: y / a / n, arrows + Enter; Esc (or Ctrl+C) stops the turn. */
export function approvalKey(
  input: string,
  key: Key,
  index: number,
  request: ApprovalRequest,
): { decision: ApprovalDecision } | { index: number } | "interrupt" | undefined {
  if (key.escape || (key.ctrl && input === "c")) return "interrupt";
  const choices = approvalChoices(request);
  const typed = choices.find((choice) => choice.key === input.toLowerCase());
  if (typed) return { decision: typed.decision };
  if (key.upArrow) return { index: (index + choices.length - 1) % choices.length };
  if (key.downArrow) return { index: (index + 1) % choices.length };
  if (key.return) return { decision: choices[index]?.decision ?? { kind: "deny" } };
  return undefined;
}

/**
 * While a message is half typed, keys keep going to it (Enter queues it): a word that starts
 * with "a" must not approve a command for the whole session. Esc and Ctrl+C still answer.
 */
export function approvalKeyGoesToComposer(input: string, key: Key, composerEmpty: boolean) {
  if (composerEmpty) return false;
  return !(key.escape || (key.ctrl && input === "c"));
}

/** Asks the person about one command or patch. */
export function ApprovalPrompt({
  request,
  index,
  typing = false,
}: {
  request: ApprovalRequest;
  index: number;
  /** A message is being typed: say that keys go to it until it is queued or cleared. */
  typing?: boolean;
}) {
  const { stdout } = useStdout();
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <RequestBody request={request} budget={promptDiffLines(stdout.rows)} />
      {approvalChoices(request).map((choice, i) => (
        <Text key={choice.key} color={i === index ? "cyan" : undefined}>
          {i === index ? "› " : "  "}[{choice.key}] {choice.label}
        </Text>
      ))}
      {typing ? (
        <Text color="yellow">Keys go to your message: Enter queues it, then answer here.</Text>
      ) : null}
      <Text dimColor>Esc: no, and stop the turn</Text>
    </Box>
  );
}

/** What is asked: the command (and why again), the patch with its diffs, or the MCP call. */
function RequestBody({ request, budget }: { request: ApprovalRequest; budget: number }) {
  if (request.kind === "command") {
    return (
      <>
        <Text bold>
          {request.reason === "sandbox_denied"
            ? "The sandbox blocked this command. Run it again without the sandbox?"
            : "Run this command?"}
        </Text>
        <Text color="yellow">$ {printable(request.command)}</Text>
        <Text dimColor>in {printable(request.workdir)}</Text>
      </>
    );
  }
  if (request.kind === "mcp_tool") {
    return (
      <>
        <Text bold>
          Call the MCP tool {printable(request.server)}/{printable(request.tool)}?
        </Text>
        <Text color="yellow">{printable(request.arguments)}</Text>
      </>
    );
  }
  let left = budget;
  return (
    <>
      <Text bold>Apply this patch?</Text>
      {request.changes.map((change) => {
        // The budget is shared by all files, in order.
        const maxLines = left;
        left = Math.max(0, left - change.diff.split("\n").length);
        return (
          <Box key={change.path} flexDirection="column">
            <Text>
              {"  "}
              {change.kind} {printable(change.path)}
              {change.movePath ? ` → ${printable(change.movePath)}` : ""}
            </Text>
            <DiffText text={change.diff} maxLines={maxLines} />
          </Box>
        );
      })}
    </>
  );
}
