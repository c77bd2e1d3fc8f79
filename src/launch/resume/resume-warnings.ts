const MAX_LISTED = 10;

/** What a resume tells the person about the saved history: lines skipped, calls repaired. */
export function resumeWarnings(
  path: string,
  unreadable: readonly number[],
  repaired: number,
  patches: readonly { applied: number; total: number }[] = [],
) {
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
  const aborted = repaired - patches.length;
  if (aborted > 0) {
    const calls = aborted === 1 ? "1 tool call had" : `${aborted} tool calls had`;
    warnings.push(`${calls} no output (the run ended during the call); recorded as aborted`);
  }
  for (const patch of patches) {
    warnings.push(
      `a patch was cut short by the end of the run: ${patch.applied} of ${patch.total} files applied; the model is told which`,
    );
  }
  return warnings;
}
