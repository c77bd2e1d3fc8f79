import type { ServerEvent } from "../protocol/index.js";
import type { SessionEvent } from "../session/index.js";
import type { ToolRouter } from "../tools/index.js";
import { DiffConsumerRouter } from "../tools/index.js";

/**
 * Turns one response's server events into live session events (text and reasoning deltas,
 * tool call starts) and routes custom-tool input deltas to diff consumers (previews only).
 */
export class StreamEventTranslator {
  private readonly diffs: DiffConsumerRouter;

  constructor(
    tools: ToolRouter,
    private readonly emit: (event: SessionEvent) => void,
  ) {
    this.diffs = new DiffConsumerRouter(tools, (event) => emit({ type: "tool", event }));
  }

  onEvent(event: ServerEvent): void {
    switch (event.type) {
      case "response.output_text.delta":
        this.emit({ type: "text_delta", itemId: event.item_id ?? "", delta: event.delta });
        break;
      case "response.reasoning_summary_text.delta":
        this.emit({ type: "reasoning_delta", itemId: event.item_id ?? "", delta: event.delta });
        break;
      default:
        break;
    }
    this.diffs.onEvent(event);
  }

  /** The attempt failed or was aborted: previews of it end without a final one. */
  reset(): void {
    this.diffs.reset();
  }
}
