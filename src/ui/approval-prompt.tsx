import { Box, Text, useInput } from "ink";
import { useState } from "react";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";

const CHOICES: ReadonlyArray<{ key: string; decision: ApprovalDecision; label: string }> = [
  { key: "y", decision: "approve", label: "Yes, once" },
  { key: "a", decision: "approve_session", label: "Yes, for this session" },
  { key: "n", decision: "deny", label: "No (tell the model it was denied)" },
];

/** Asks the person about one command or patch; y / a / n, arrows + Enter, Esc denies. */
export function ApprovalPrompt({
  request,
  onDecide,
}: {
  request: ApprovalRequest;
  onDecide(decision: ApprovalDecision): void;
}) {
  const [index, setIndex] = useState(0);
  useInput((input, key) => {
    const typed = CHOICES.find((choice) => choice.key === input.toLowerCase());
    if (typed) onDecide(typed.decision);
    else if (key.escape) onDecide("deny");
    else if (key.upArrow) setIndex((i) => (i + CHOICES.length - 1) % CHOICES.length);
    else if (key.downArrow) setIndex((i) => (i + 1) % CHOICES.length);
    else if (key.return) onDecide(CHOICES[index]?.decision ?? "deny");
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      {request.kind === "command" ? (
        <>
          <Text bold>Run this command?</Text>
          <Text color="yellow">$ {request.command}</Text>
          <Text dimColor>in {request.workdir}</Text>
        </>
      ) : (
        <>
          <Text bold>Apply this patch?</Text>
          {request.changes.map((change) => (
            <Text key={change.path}>
              {"  "}
              {change.kind} {change.path}
            </Text>
          ))}
        </>
      )}
      {CHOICES.map((choice, i) => (
        <Text key={choice.key} color={i === index ? "cyan" : undefined}>
          {i === index ? "› " : "  "}[{choice.key}] {choice.label}
        </Text>
      ))}
    </Box>
  );
}
