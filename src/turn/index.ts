/**
 * A turn, end to end: AgentSession (agent-session.ts) takes a message, the turn loop samples the
 * model through session/wire, runs each tool call through the pipeline (tool-calls/), records
 * what happened, and emits session events. Subagents, compaction and rewind are its sub-areas.
 */
export { createSession } from "./agent-session.js";
export { FORK_NOTE, SIBLING_NOTE } from "./agents/index.js";
export { compactionNotice, SUMMARY_PREFIX } from "./compaction/index.js";
