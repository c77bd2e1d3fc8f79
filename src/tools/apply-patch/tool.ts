import { z } from "zod";
import type { ProtectedPath } from "../../sandbox/index.js";
import { ToolError } from "../errors.js";
import { defineCustomTool, defineFunctionTool } from "../registry.js";
import type { ApprovedPlan, FileChange, ToolContext, ToolDefinition, ToolPlan } from "../types.js";
import { checkpoint, PatchAborted, type VerifiedPatch, verifyPatch, writePatch } from "./apply.js";
import { APPLY_PATCH_GRAMMAR } from "./grammar.js";
import { patchIntentOf } from "./intent.js";
import { type ParsedPatch, parsePatch } from "./parse.js";
import { createPatchDiffConsumer } from "./stream.js";

const APPLY_PATCH_DESCRIPTION = [
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

type PatchContext = ToolContext & {
  masked?: readonly string[];
  protectedPaths?: readonly ProtectedPath[];
};

/** What the gate judges of a patch: every file it changes, each with its whole diff. */
type PatchPlan = ToolPlan<VerifiedPatch>;

/** A patch that will not be written: the event says why, the model reads `output`. */
function failed(ctx: ToolContext, changes: FileChange[], error: string, output: string): never {
  ctx.emit({ type: "patch_applied", callId: ctx.callId, ok: false, changes, error });
  throw new ToolError(output);
}

/**
 * Parse and verify (nothing is written): the plan the gate judges. A patch that does not parse
 * or apply, or an interrupted turn, ends here with a ToolError the model reads.
 */
async function planPatch(patchText: string, ctx: PatchContext): Promise<PatchPlan> {
  let patch: ParsedPatch;
  try {
    patch = parsePatch(patchText);
  } catch (error) {
    if (!(error instanceof ToolError)) throw error;
    failed(
      ctx,
      [],
      error.message,
      `apply_patch failed: invalid patch: ${error.message}${UNCHANGED}`,
    );
  }
  let verified: VerifiedPatch;
  try {
    verified = await verifyPatch(patch, ctx, ctx.signal);
  } catch (error) {
    if (error instanceof PatchAborted) failed(ctx, [], ABORTED, ABORTED);
    if (!(error instanceof ToolError)) throw error;
    const output = `apply_patch verification failed: ${error.message}${UNCHANGED}`;
    failed(ctx, [], error.message, output);
  }
  const changes = verified.changes.map((change) => ({ ...change, diff: change.diff ?? "" }));
  return { needs: { kind: "patch", changes }, args: verified };
}

/** Write an approved patch (its intent recorded first); returns the text the model sees. */
async function writeApproved(verified: VerifiedPatch, ctx: ToolContext): Promise<string> {
  const { changes } = verified;
  const fail = (error: string, output: string) => {
    ctx.emit({ type: "patch_applied", callId: ctx.callId, ok: false, changes, error });
    return output;
  };
  try {
    await checkpoint(ctx.signal);
  } catch (error) {
    if (!(error instanceof PatchAborted)) throw error;
    ctx.emit({ type: "patch_applied", callId: ctx.callId, ok: false, changes: [], error: ABORTED });
    return ABORTED;
  }
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
 * Parse, verify and write with no approval gate (what a bare plan and run do); returns the text
 * the model sees and never throws for a bad patch. The tool-call pipeline asks in between.
 */
export async function runApplyPatch(patchText: string, ctx: PatchContext): Promise<string> {
  try {
    return await writeApproved((await planPatch(patchText, ctx)).args, ctx);
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
}

/** The tool's steps: plan (parse and verify), run (write), and a refusal's event. */
function patchSteps(masked: readonly string[], protectedPaths: readonly ProtectedPath[]) {
  return {
    plan: (input: string, ctx: ToolContext) => planPatch(input, { ...ctx, masked, protectedPaths }),
    run: async ({ args }: ApprovedPlan<VerifiedPatch>, ctx: ToolContext) => ({
      output: await writeApproved(args, ctx),
    }),
    refused: ({ args }: PatchPlan, why: string, ctx: ToolContext) =>
      ctx.emit({
        type: "patch_applied",
        callId: ctx.callId,
        ok: false,
        changes: args.changes,
        error: why,
      }),
  };
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
): ToolDefinition<VerifiedPatch> {
  const steps = patchSteps(masked, protectedPaths);
  if (type === "function") {
    return defineFunctionTool({
      name: "apply_patch",
      description: `${APPLY_PATCH_DESCRIPTION}\nPass the whole patch text as \`input\`.`,
      schema: z.object({ input: z.string().describe("The whole patch text.") }),
      ...steps,
      plan: (args, ctx) => steps.plan(args.input, ctx),
    });
  }
  return defineCustomTool({
    name: "apply_patch",
    description: APPLY_PATCH_DESCRIPTION,
    format: { type: "grammar", syntax: "lark", definition: APPLY_PATCH_GRAMMAR },
    ...steps,
    createDiffConsumer: (callId, emit) => createPatchDiffConsumer(callId, emit),
  });
}
