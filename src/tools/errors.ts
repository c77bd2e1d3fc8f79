/** Expected tool failures: their message is what the model (and the person) reads. */
export class ToolError extends Error {
  override readonly name: string = "ToolError";
}

/** The arguments of a call are not valid JSON or fail the tool's schema. */
export class ToolInputError extends ToolError {
  override readonly name = "ToolInputError";
}

/** A path that leaves the workspace, or a write the sandbox forbids. */
export class WorkspaceError extends ToolError {
  override readonly name = "WorkspaceError";
}

/** A patch that does not parse or does not apply; `line` is 1-based in the patch text. */
export class PatchError extends ToolError {
  override readonly name = "PatchError";
  constructor(
    message: string,
    readonly line?: number,
  ) {
    super(line === undefined ? message : `line ${line}: ${message}`);
  }
}

/** What the model reads for a denied call: the gate's words (why, the person's note), if any. */
export function deniedOutput(feedback?: string): string {
  return feedback?.trim() || "denied by user";
}
