import type { ResponseItem, ServerEvent } from "../protocol/index.js";
import type { DiffConsumer, ToolEvent, ToolRouter } from "./types.js";

interface ActiveCall {
  callId: string;
  itemId: string | undefined;
  consumer: DiffConsumer;
  broken: boolean;
}

const str = (value: unknown): string | undefined => (typeof value === "string" ? value : undefined);

/**
 * Routes a custom tool call's streamed input to its tool's diff consumer (docs/protocol.md, "Streaming tool input to previews"). Previews
 * only: a consumer that throws is dropped silently, and what runs is always the done item.
 */
export class DiffConsumerRouter {
  private active: ActiveCall | undefined;

  constructor(
    private readonly router: Pick<ToolRouter, "createDiffConsumer">,
    private readonly emit: (event: ToolEvent) => void,
  ) {}

  /** Feed any server event; item added/done and custom input deltas are acted on. */
  onEvent(event: ServerEvent): void {
    if (event.type === "response.output_item.added") this.onItemAdded(event.item);
    else if (event.type === "response.custom_tool_call_input.delta") this.onDelta(event);
    else if (event.type === "response.output_item.done") this.onItemDone(event.item);
  }

  onItemAdded(item: ResponseItem): void {
    if (item.type !== "custom_tool_call") return;
    const name = str(item.name);
    const callId = str(item.call_id);
    if (name === undefined || callId === undefined) return;
    this.finishActive();
    let consumer: DiffConsumer | undefined;
    try {
      consumer = this.router.createDiffConsumer(
        { type: item.type, name, call_id: callId },
        this.emit,
      );
    } catch {
      consumer = undefined;
    }
    if (consumer) this.active = { callId, itemId: str(item.id), consumer, broken: false };
  }

  onDelta(event: ServerEvent): void {
    if (event.type !== "response.custom_tool_call_input.delta") return;
    const active = this.active;
    if (!active || active.broken || !this.matches(active, event.call_id, event.item_id)) return;
    try {
      active.consumer.push(event.delta);
    } catch {
      active.broken = true;
    }
  }

  onItemDone(item: ResponseItem): void {
    const active = this.active;
    if (!active || !this.matches(active, str(item.call_id), str(item.id))) return;
    this.finishActive();
  }

  /** Drop the active consumer without a final preview (stream failed or turn aborted). */
  reset(): void {
    this.active = undefined;
  }

  private matches(
    active: ActiveCall,
    callId: string | undefined,
    itemId: string | undefined,
  ): boolean {
    if (callId !== undefined) return callId === active.callId;
    if (itemId !== undefined) return itemId === active.itemId;
    return false;
  }

  private finishActive(): void {
    const active = this.active;
    this.active = undefined;
    if (!active || active.broken) return;
    try {
      active.consumer.finish();
    } catch {
      // previews only
    }
  }
}
