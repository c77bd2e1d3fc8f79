/**
 * apply_patch: the patch grammar parsed, each file reached through the kernel's no-follow walk
 * from the held workspace, protected paths refused, every hunk checked before anything is
 * written, and the streaming preview.
 */
export { checkPatchIntent, interruptedPatchOutput } from "./intent.js";
export { applyPatchTool } from "./tool.js";
