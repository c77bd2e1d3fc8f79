/** The ChatGPT Codex backend's wire names (docs/protocol.md, "The Codex backend"). */

/** Set by the backend on a response; sent back unchanged for the rest of that turn. */
export const TURN_STATE_HEADER = "x-codex-turn-state";
