/**
 * Rewind's workspace checkpoints: a shadow git repository per workspace, a checkpoint before
 * each turn's first write, and a code rewind written through the same no-follow walk as
 * apply_patch.
 */

export type { CodeRewind, Snapshot } from "./checkpoint-store.js";
export { CheckpointStore, rewoundFileLines } from "./checkpoint-store.js";
