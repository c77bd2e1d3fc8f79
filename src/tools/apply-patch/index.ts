/**
 * apply_patch: the patch grammar parsed, each file reached through the kernel's no-follow walk
 * from the held workspace, protected paths refused, every hunk checked before anything is
 * written, and the streaming preview.
 */
export { verifyPatch, writePatch } from "./apply.js";
export { APPLY_PATCH_GRAMMAR } from "./grammar.js";
export { checkPatchIntent, interruptedPatchOutput } from "./intent.js";
export { parsePatch } from "./parse.js";
export { createPatchDiffConsumer, PatchStreamParser } from "./stream.js";
export { applyPatchTool, runApplyPatch } from "./tool.js";
