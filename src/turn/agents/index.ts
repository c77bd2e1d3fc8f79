/**
 * Subagents: spawning a child (fresh or forked from the conversation, sharing its cache), its
 * lanes and limits, messages to it, waiting for it, and its tools as the parent routes them.
 */
export type { AgentManager } from "./agent-manager.js";
export { FORK_NOTE, SIBLING_NOTE } from "./fork-history.js";
export { sessionAgents } from "./session-agents.js";
