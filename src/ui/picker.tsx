import { Box, type Key, Text } from "ink";

/** A key on a list picker: Up/Down move, Enter (or typing an option) picks, Esc or Ctrl+C cancels. */
export function pickerKey(
  input: string,
  key: Key,
  index: number,
  options: readonly string[],
): { pick: string } | { cancel: true } | { index: number } | undefined {
  if (key.escape || (key.ctrl && input === "c")) return { cancel: true };
  if (key.upArrow) return { index: (index + options.length - 1) % options.length };
  if (key.downArrow) return { index: (index + 1) % options.length };
  if (key.return) {
    const option = options[index];
    return option === undefined ? undefined : { pick: option };
  }
  const typed = options.find((option) => option === input.trim());
  return typed ? { pick: typed } : undefined;
}

export interface PickerProps {
  title: string;
  options: readonly string[];
  details?: Readonly<Record<string, string>>;
  index: number;
  current?: string;
}

export function Picker({ title, options, details, index, current }: PickerProps) {
  const width = Math.max(...options.map((option) => option.length));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold>{title}</Text>
      {options.map((option, i) => (
        <Text key={option} color={i === index ? "cyan" : undefined}>
          {i === index ? "› " : "  "}
          {details?.[option] ? option.padEnd(width) : option}
          {details?.[option] ? <Text dimColor>{`  ${details[option]}`}</Text> : null}
          {option === current ? " (current)" : ""}
        </Text>
      ))}
      <Text dimColor>↑↓ choose · Enter pick · Esc cancel</Text>
    </Box>
  );
}
