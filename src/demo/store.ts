import type { ResponseItem } from "../protocol/items.js";

const RESPONSES_PER_CONNECTION = 256;

/** Completed responses, bound to the connection that completed them. */
export class ResponseStore {
  private readonly byConnection = new Map<string, Map<string, ResponseItem[]>>();

  /** The context of a completed response (its input plus its output items), if known here. */
  get(connectionId: string, responseId: string): ResponseItem[] | undefined {
    return this.byConnection.get(connectionId)?.get(responseId);
  }

  put(connectionId: string, responseId: string, context: ResponseItem[]): void {
    let responses = this.byConnection.get(connectionId);
    if (!responses) {
      responses = new Map();
      this.byConnection.set(connectionId, responses);
    }
    responses.set(responseId, context);
    if (responses.size > RESPONSES_PER_CONNECTION) {
      const oldest = responses.keys().next().value;
      if (oldest !== undefined) responses.delete(oldest);
    }
  }

  dropConnection(connectionId: string): void {
    this.byConnection.delete(connectionId);
  }

  forgetAll(): void {
    this.byConnection.clear();
  }
}
