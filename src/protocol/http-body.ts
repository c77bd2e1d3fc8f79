import type { ResponsesRequest } from "./request.js";

const httpBodies = new WeakMap<ResponsesRequest, string>();

/**
 * The HTTP body: a full request, never a chain link nor a warm-up flag (docs/protocol.md, "The request body").
 * Serialised once per request object (the ledger counts it, the transport sends it).
 */
export function toHttpBody(request: ResponsesRequest): string {
  let text = httpBodies.get(request);
  if (text === undefined) {
    const { previous_response_id: _prev, generate: _generate, ...body } = request;
    text = JSON.stringify(body);
    httpBodies.set(request, text);
  }
  return text;
}
