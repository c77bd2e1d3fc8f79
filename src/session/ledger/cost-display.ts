/**
 * How a session's cost is shown (docs/config.md, "Sign in with ChatGPT"): an API key pays per
 * token, so its requests are shown in dollars; a ChatGPT sign-in pays a plan, which counts
 * tokens against its usage windows — it is shown the tokens and the plan usage, never a `$`
 * it does not pay. One decision for every view (status bar, /status, the exit summary, the cost
 * question, `mini-codex ledger`).
 */
export type CostDisplay = "dollars" | "plan";

/** The display for a credential kind (no credential, a local or demo provider: dollars). */
export function costDisplayFor(credential: "api_key" | "chatgpt" | undefined): CostDisplay {
  return credential === "chatgpt" ? "plan" : "dollars";
}

/** A ledger's rows tell who paid: plan usage is reported only to a ChatGPT sign-in. */
export function costDisplayOfRows(rows: ReadonlyArray<{ plan_usage?: unknown }>): CostDisplay {
  return costDisplayFor(rows.some((row) => row.plan_usage) ? "chatgpt" : undefined);
}

/** What a plan user is told in place of a dollar sum. */
export const PLAN_COST_NOTE = "counted against your ChatGPT plan (no per-token price)";
