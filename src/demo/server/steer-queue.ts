import type { ResponseItem } from "../../protocol/index.js";

/** Steering input still queued for a response that stopped for tool output, by response id. */
export class QueuedSteering {
  private readonly byResponse = new Map<string, ResponseItem[]>();

  /** The response stopped for tool output: its steering input waits for the continuation. */
  queue(responseId: string, input: ResponseItem[]): void {
    const earlier = this.byResponse.get(responseId) ?? [];
    this.byResponse.set(responseId, [...earlier, ...input]);
  }

  /** The continuation of `previousId` arrived: what waited for it, once. */
  take(previousId: string | undefined): ResponseItem[] {
    if (previousId === undefined) return [];
    const queued = this.byResponse.get(previousId) ?? [];
    this.byResponse.delete(previousId);
    return queued;
  }
}

/**
 * The body of the automatic successor of a steered (or completed) response: the parent's
 * settings, the steering input as its input, chained to the parent. Pure.
 */
export function successorBody(
  parentBody: unknown,
  parentId: string,
  input: ResponseItem[],
): Record<string, unknown> {
  const {
    previous_response_id: _p,
    input: _i,
    generate: _g,
    ...settings
  } = parentBody as Record<string, unknown>;
  return { ...settings, previous_response_id: parentId, input };
}
