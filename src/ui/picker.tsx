import { Box, type Key, Text } from "ink";

/**
 * A key on a list picker: Up/Down move, Enter (or typing an option) picks, Esc or Ctrl+C cancels.
 * `numbered` (a question's answers): a number key picks its answer at once, as the Codex CLI's
 * questions take `1`, `2`.
 */
export function pickerKey(
  input: string,
  key: Key,
  index: number,
  options: readonly string[],
  numbered = false,
): { pick: string } | { cancel: true } | { index: number } | undefined {
  if (key.escape || (key.ctrl && input === "c")) return { cancel: true };
  if (key.upArrow) return { index: (index + options.length - 1) % options.length };
  if (key.downArrow) return { index: (index + 1) % options.length };
  if (key.return) {
    const option = options[index];
    return option === undefined ? undefined : { pick: option };
  }
  // trimmed: a key and Enter typed ahead arrive as one input ("2\r"), and pick as the key alone
  const typedKey = input.trim();
  const numberedOption =
    numbered && /^[1-9]$/.test(typedKey) ? options[Number(typedKey) - 1] : undefined;
  if (numberedOption !== undefined) return { pick: numberedOption };
  const typed = options.find((option) => option === typedKey);
  return typed ? { pick: typed } : undefined;
}

/** The keys a picker takes, as its last line says them. */
export function pickerHint(options: readonly string[], numbered = false): string {
  const numbers = options.length > 1 ? `1–${Math.min(options.length, 9)}` : "1";
  return numbered
    ? `↑↓ choose · Enter or ${numbers} pick · Esc cancel`
    : "↑↓ choose · Enter pick · Esc cancel";
}

interface PickerProps {
  title: string;
  options: readonly string[];
  details?: Readonly<Record<string, string>>;
  index: number;
  current?: string;
  /** Each option shown with its number (a number key picks it). */
  numbered?: boolean;
}

export function Picker({ title, options, details, index, current, numbered }: PickerProps) {
  const width = Math.max(...options.map((option) => option.length));
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1}>
      <Text bold>{title}</Text>
      {options.map((option, i) => (
        <Text key={option} color={i === index ? "cyan" : undefined}>
          {i === index ? "› " : "  "}
          {numbered ? `${i + 1}. ` : ""}
          {details?.[option] ? option.padEnd(width) : option}
          {details?.[option] ? <Text dimColor>{`  ${details[option]}`}</Text> : null}
          {option === current ? " (current)" : ""}
        </Text>
      ))}
      <Text dimColor>{pickerHint(options, numbered)}</Text>
    </Box>
  );
}
