const MAX_LISTED = 10;

/** What a resume tells the person about the saved history: lines skipped, calls repaired. */
export function resumeWarnings(path: string, unreadable: readonly number[], repaired: number) {
  const warnings: string[] = [];
  if (unreadable.length > 0) {
    const listed = unreadable.slice(0, MAX_LISTED).join(", ");
    const more =
      unreadable.length > MAX_LISTED ? `, … (${unreadable.length - MAX_LISTED} more)` : "";
    const one = unreadable.length === 1;
    const lines = one
      ? "1 line could not be read and was"
      : `${unreadable.length} lines could not be read and were`;
    warnings.push(`${path}: ${lines} skipped (line ${listed}${more})`);
  }
  if (repaired > 0) {
    const calls = repaired === 1 ? "1 tool call had" : `${repaired} tool calls had`;
    warnings.push(`${calls} no output (the run ended during the call); recorded as aborted`);
  }
  return warnings;
}
