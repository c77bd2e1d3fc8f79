import { Box, Text, useInput } from "ink";
import { useState } from "react";

export interface PickerProps {
  title: string;
  options: readonly string[];
  initial?: string;
  onPick(option: string): void;
  onCancel(): void;
}

/** A small list picker (Up/Down, Enter picks, Esc cancels). */
export function Picker({ title, options, initial, onPick, onCancel }: PickerProps) {
  const [index, setIndex] = useState(Math.max(0, initial ? options.indexOf(initial) : 0));
  useInput((input, key) => {
    if (key.escape) onCancel();
    else if (key.upArrow) setIndex((i) => (i + options.length - 1) % options.length);
    else if (key.downArrow) setIndex((i) => (i + 1) % options.length);
    else if (key.return) {
      const option = options[index];
      if (option !== undefined) onPick(option);
    } else {
      const typed = options.find((option) => option === input.trim());
      if (typed) onPick(typed);
    }
  });
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold>{title}</Text>
      {options.map((option, i) => (
        <Text key={option} color={i === index ? "cyan" : undefined}>
          {i === index ? "› " : "  "}
          {option}
          {option === initial ? " (current)" : ""}
        </Text>
      ))}
      <Text dimColor>↑↓ choose · Enter pick · Esc cancel</Text>
    </Box>
  );
}
