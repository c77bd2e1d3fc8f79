import { Box, type Key, Text, useStdout } from "ink";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import { DiffText } from "./entry-view.js";
import { printable } from "./terminal-text.js";

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

const CHOICES: ReadonlyArray<{ key: string; decision: ApprovalDecision; label: string }> = [
  { key: "y", decision: "approve", label: "Yes, once" },
  { key: "a", decision: "approve_session", label: "Yes, for this session" },
  { key: "n", decision: "deny", label: "No (tell the model it was denied)" },
];

/** A key on the approval prompt: y / a / n, arrows + Enter; Esc (or Ctrl+C) stops the turn. */
export function approvalKey(
  input: string,
  key: Key,
  index: number,
): { decision: ApprovalDecision } | { index: number } | "interrupt" | undefined {
  if (key.escape || (key.ctrl && input === "c")) return "interrupt";
  const typed = CHOICES.find((choice) => choice.key === input.toLowerCase());
  if (typed) return { decision: typed.decision };
  if (key.upArrow) return { index: (index + CHOICES.length - 1) % CHOICES.length };
  if (key.downArrow) return { index: (index + 1) % CHOICES.length };
  if (key.return) return { decision: CHOICES[index]?.decision ?? "deny" };
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
  let budget = promptDiffLines(stdout.rows);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      {request.kind === "command" ? (
        <>
          <Text bold>Run this command?</Text>
          <Text color="yellow">$ {printable(request.command)}</Text>
          <Text dimColor>in {printable(request.workdir)}</Text>
        </>
      ) : (
        <>
          <Text bold>Apply this patch?</Text>
          {request.changes.map((change) => {
            // The budget is shared by all files, in order.
            const maxLines = budget;
            budget = Math.max(0, budget - (change.diff?.split("\n").length ?? 0));
            return (
              <Box key={change.path} flexDirection="column">
                <Text>
                  {"  "}
                  {change.kind} {printable(change.path)}
                  {change.movePath ? ` → ${printable(change.movePath)}` : ""}
                </Text>
                {change.diff ? <DiffText text={change.diff} maxLines={maxLines} /> : null}
              </Box>
            );
          })}
        </>
      )}
      {CHOICES.map((choice, i) => (
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
