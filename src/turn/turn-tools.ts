import type { ToolSpec } from "../protocol/index.js";
import type { McpSessionTools } from "../session/index.js";
import type { ToolRouter } from "../tools/index.js";

/**
 * The `tools` field a session sends. It is fixed for all requests of a turn (its
 * continuations stay incremental) and re-read when a user turn begins, so an MCP tool-list
 * change takes effect at the next user turn, as `properties_changed:tools`.
 */
export class TurnTools {
  private specs: readonly ToolSpec[];
  private warnings: string[];
  private readonly stopWatching: () => void;

  constructor(
    private readonly tools: ToolRouter,
    mcp: McpSessionTools | undefined,
    private readonly events: { onChange(): void; warn(message: string): void },
  ) {
    this.specs = tools.specs();
    this.warnings = mcp?.startupWarnings() ?? [];
    this.stopWatching = mcp?.onChange(() => events.onChange()) ?? (() => {});
  }

  /** What this turn's requests send. */
  get offered(): readonly ToolSpec[] {
    return this.specs;
  }

  /** A user turn (or a compaction) begins: offer the tools as they are now. */
  beginTurn(): void {
    this.specs = this.tools.specs();
  }

  /** What the next user turn will send (the status bar's next-request preview). */
  upcoming(): readonly ToolSpec[] {
    return this.tools.specs();
  }

  /** The MCP startup warnings, once (the first turn or warm-up shows them). */
  showWarnings(): void {
    const warnings = this.warnings;
    this.warnings = [];
    for (const message of warnings) this.events.warn(message);
  }

  close(): void {
    this.stopWatching();
  }
}
