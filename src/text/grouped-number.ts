/**
 * `n` with its thousands grouped by commas, as `n.toLocaleString("en-US")` writes it, without
 * loading ICU's number formatting (~30 ms the first time, paid after every exec turn).
 */
export function groupedNumber(n: number): string {
  if (!Number.isSafeInteger(n)) return n.toLocaleString("en-US");
  return String(n).replace(/\B(?=(\d{3})+$)/g, ",");
}
