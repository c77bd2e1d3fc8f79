// The version of what mini-codex writes for programs to read: `exec --json`'s events (the
// `schema_version` of `thread.started`, docs/exec-json.schema.json). Every such surface takes
// its version from here (the ACP agent's `_meta["mini-codex"]` too).

/**
 * Raised when a field of those surfaces is removed or renamed, or changes type or meaning.
 * Fields, events and item types may be added within a version: a reader ignores what it does
 * not know (the Codex SDK does).
 */
export const SCHEMA_VERSION = 1;
