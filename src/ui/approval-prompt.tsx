import { Box, type Key, Text } from "ink";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import { DiffText } from "./entry-view.js";
import { printable } from "./terminal-text.js";

const PROMPT_DIFF_LINES = 12;

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

/** Asks the person about one command or patch. */
export function ApprovalPrompt({ request, index }: { request: ApprovalRequest; index: number }) {
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
          {request.changes.map((change) => (
            <Box key={change.path} flexDirection="column">
              <Text>
                {"  "}
                {change.kind} {printable(change.path)}
                {change.movePath ? ` → ${printable(change.movePath)}` : ""}
              </Text>
              {change.diff ? <DiffText text={change.diff} maxLines={PROMPT_DIFF_LINES} /> : null}
            </Box>
          ))}
        </>
      )}
      {CHOICES.map((choice, i) => (
        <Text key={choice.key} color={i === index ? "cyan" : undefined}>
          {i === index ? "› " : "  "}[{choice.key}] {choice.label}
        </Text>
      ))}
      <Text dimColor>Esc: no, and stop the turn</Text>
    </Box>
  );
}
