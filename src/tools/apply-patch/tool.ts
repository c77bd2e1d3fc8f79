import { z } from "zod";
import type { ProtectedPath } from "../../sandbox/protected-paths.js";
import { deniedOutput, ToolError } from "../errors.js";
import { defineCustomTool, defineFunctionTool } from "../registry.js";
import type { FileChange, ToolContext, ToolDefinition } from "../types.js";
import { checkpoint, PatchAborted, type VerifiedPatch, verifyPatch, writePatch } from "./apply.js";
import { APPLY_PATCH_GRAMMAR } from "./grammar.js";
import { patchIntentOf } from "./intent.js";
import { type ParsedPatch, parsePatch } from "./parse.js";
import { createPatchDiffConsumer } from "./stream.js";

export const APPLY_PATCH_DESCRIPTION = [
  "Edit files with a patch. The input starts with `*** Begin Patch` and ends with `*** End Patch`.",
  "Between them, one section per file:",
  "`*** Add File: <path>` then the new file's lines, each prefixed with `+`;",
  "`*** Delete File: <path>`;",
  "`*** Update File: <path>`, optionally `*** Move to: <new path>`, then hunks.",
  "A hunk may start with `@@` or `@@ <a line that comes before it, e.g. a function header>`, then",
  "lines prefixed with ` ` (unchanged context, about 3 lines before and after each change),",
  "`-` (removed) or `+` (added). End a hunk with `*** End of File` when it touches the end of the file.",
  "Paths are relative to the working directory. Every hunk of every file must apply, or nothing is written.",
].join("\n");

const SUCCESS_HEADER = "Success. Updated the following files:";
const UNCHANGED = "\nNo file was changed.";

const ABORTED = "aborted: the turn was interrupted before any file was changed";

/** Parse, verify, ask, write; returns the text the model sees. Never throws for a bad patch. */
export async function runApplyPatch(
  patchText: string,
  ctx: ToolContext & { masked?: readonly string[]; protectedPaths?: readonly ProtectedPath[] },
): Promise<string> {
  try {
    return await checkedApplyPatch(patchText, ctx);
  } catch (error) {
    if (!(error instanceof PatchAborted)) throw error;
    ctx.emit({ type: "patch_applied", callId: ctx.callId, ok: false, changes: [], error: ABORTED });
    return ABORTED;
  }
}

/** runApplyPatch, stopping with PatchAborted at each step once the turn is interrupted. */
async function checkedApplyPatch(
  patchText: string,
  ctx: ToolContext & { masked?: readonly string[]; protectedPaths?: readonly ProtectedPath[] },
): Promise<string> {
  let changes: FileChange[] = [];
  const fail = (error: string, output: string) => {
    ctx.emit({ type: "patch_applied", callId: ctx.callId, ok: false, changes, error });
    return output;
  };
  // with an approval gate, a read-only sandbox asks (or refuses) after the diff is known
  if (ctx.sandbox === "read-only" && !ctx.approve) {
    const why = "the sandbox is read-only: apply_patch may not write files";
    return fail(why, `apply_patch refused: ${why}`);
  }
  let patch: ParsedPatch;
  try {
    patch = parsePatch(patchText);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return fail(error.message, `apply_patch failed: invalid patch: ${error.message}${UNCHANGED}`);
  }
  let verified: VerifiedPatch;
  try {
    verified = await verifyPatch(patch, ctx, ctx.signal);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return fail(error.message, `apply_patch verification failed: ${error.message}${UNCHANGED}`);
  }
  changes = verified.changes;
  if (ctx.approve) {
    const withDiffs = changes.map((change) => ({ ...change, diff: change.diff ?? "" }));
    const decision = await ctx.approve({ kind: "patch", callId: ctx.callId, changes: withDiffs });
    if (decision.kind === "deny") return fail("denied by user", deniedOutput(decision.feedback));
  }
  await checkpoint(ctx.signal);
  // durable before the first write: a resume after a kill -9 can then say what was applied
  ctx.recordPatchIntent?.(patchIntentOf(verified.writes));
  try {
    await writePatch(verified.writes, ctx);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    return fail(error.message, `apply_patch failed: ${error.message}`);
  }
  ctx.emit({ type: "patch_applied", callId: ctx.callId, ok: true, changes });
  return [SUCCESS_HEADER, ...verified.summary].join("\n");
}

/**
 * apply_patch as a custom tool with the Lark grammar (default) or as a function tool `{input}`;
 * `masked`: folders the sandbox hides from commands, which patches may not write either;
 * `protectedPaths`: what runs unconfined, which patches may not write (protected-paths.ts).
 */
export function applyPatchTool(
  type: "custom" | "function" = "custom",
  masked: readonly string[] = [],
  protectedPaths: readonly ProtectedPath[] = [],
): ToolDefinition {
  if (type === "function") {
    return defineFunctionTool({
      name: "apply_patch",
      description: `${APPLY_PATCH_DESCRIPTION}\nPass the whole patch text as \`input\`.`,
      schema: z.object({ input: z.string().describe("The whole patch text.") }),
      handler: (args, ctx) => runApplyPatch(args.input, { ...ctx, masked, protectedPaths }),
    });
  }
  return defineCustomTool({
    name: "apply_patch",
    description: APPLY_PATCH_DESCRIPTION,
    format: { type: "grammar", syntax: "lark", definition: APPLY_PATCH_GRAMMAR },
    handler: (input, ctx) => runApplyPatch(input, { ...ctx, masked, protectedPaths }),
    createDiffConsumer: (callId, emit) => createPatchDiffConsumer(callId, emit),
  });
}
