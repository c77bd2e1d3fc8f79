import { Box, type Key, Text } from "ink";
import {
  COST_QUESTION_CHOICES,
  type CostAnswer,
  type OpenCostQuestion,
} from "./controller/index.js";

/** y / n / a answer; Enter is y, Esc (or Ctrl+C) is n; other keys do nothing. */
export function costQuestionAnswer(input: string, key: Key): CostAnswer | undefined {
  if (key.return) return "y";
  if (key.escape || (key.ctrl && input === "c")) return "n";
  const typed = input.trim().toLowerCase();
  return typed === "y" || typed === "n" || typed === "a" ? typed : undefined;
}

/** The question before a costly step: its predicted cost, then the three answers. */
export function CostQuestionPrompt({ question }: { question: OpenCostQuestion }) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <Text>{question.text}</Text>
      <Text>
        {COST_QUESTION_CHOICES} <Text dimColor>(Enter = y, Esc = n)</Text>
      </Text>
    </Box>
  );
}
