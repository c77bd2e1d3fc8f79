/**
 * Reasoning effort levels, as plain data: the command line lists them without loading zod
 * (`--version` and `--help` start faster; bench/startup).
 */
export const REASONING_EFFORTS = ["none", "minimal", "low", "medium", "high", "xhigh"] as const;
