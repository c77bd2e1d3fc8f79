import { Box, Text, useApp, useInput } from "ink";
import { useEffect, useRef, useState } from "react";
import { useTypedKeys } from "./input/index.js";
import { Picker, pickerKey } from "./picker.js";

export interface StartQuestionProps {
  /** What the question is about, then the question. */
  lines: readonly string[];
  choices: readonly string[];
  /** The index chosen, or undefined for no answer (Esc, Ctrl+C). */
  onAnswer(index: number | undefined): void;
  /** The choice highlighted first (default the first): the safe one, where one is. */
  initial?: number;
}

/**
 * A question before the app draws, as the TUI's pickers ask in it: ↑↓ and Enter, a number key,
 * Esc or Ctrl+C for no answer. Once answered it leaves the question's first line and the answer
 * on the screen (nothing for no answer) and ends its render.
 */
export function StartQuestion({ lines, choices, onAnswer, initial = 0 }: StartQuestionProps) {
  const [index, setIndex] = useState(initial);
  const [answer, setAnswer] = useState<{ index: number | undefined }>();
  // the keys of one read all arrive before a re-render: the highlight each one sees, and the
  // first answer only, are kept here
  const highlighted = useRef(initial);
  const answered = useRef(false);
  const { exit } = useApp();
  // keys of one read (typed ahead while the question loaded) are each a key, as in the app
  useTypedKeys();
  useInput(
    (input, key) => {
      if (answered.current) return;
      const result = pickerKey(input, key, highlighted.current, choices, true);
      if (!result) return;
      if ("index" in result) {
        highlighted.current = result.index;
        return setIndex(result.index);
      }
      answered.current = true;
      const chosen = "pick" in result ? choices.indexOf(result.pick) : undefined;
      onAnswer(chosen);
      setAnswer({ index: chosen });
    },
    { isActive: answer === undefined },
  );
  useEffect(() => {
    if (answer) exit();
  }, [answer, exit]);
  if (!answer) return <Picker title={lines.join("\n")} options={choices} index={index} numbered />;
  if (answer.index === undefined) return null;
  return (
    <Box flexDirection="column">
      <Text dimColor>{lines[0]}</Text>
      <Text color="cyan">{`› ${choices[answer.index]}`}</Text>
    </Box>
  );
}
