/**
 * Every process a test run starts carries this variable (set by the run's global setup, inherited
 * by the workers and everything they start): the leak check tells the run's own processes from
 * other runs' on a shared machine by it.
 */
export const TEST_RUN_VARIABLE = "MINI_CODEX_TEST_RUN";

/**
 * The marker for a process a test starts with an environment of its own (not a copy of
 * process.env): without it a leaked process would go unseen. Empty outside a test run.
 */
export function testRunEnv(): Record<string, string> {
  const id = process.env[TEST_RUN_VARIABLE];
  return id === undefined ? {} : { [TEST_RUN_VARIABLE]: id };
}
