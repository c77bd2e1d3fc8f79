import type { RecordedHeaders } from "../../src/demo/server/types.js";

/**
 * The headers the Codex backend requires of a Responses request, by their wire names, and the
 * field the demo records each as (the Authorization value itself is never kept).
 */
export const REQUIRED_HEADERS: Record<string, keyof RecordedHeaders> = {
  authorization: "authorizationPresent",
  "chatgpt-account-id": "chatgptAccountId",
  "session-id": "sessionId",
  "thread-id": "threadId",
  "x-client-request-id": "clientRequestId",
  version: "version",
  originator: "originator",
  "user-agent": "userAgent",
};

/** Which of the required headers a recorded request carried. */
export function sentRequiredHeaders(headers: RecordedHeaders): string[] {
  return Object.entries(REQUIRED_HEADERS)
    .filter(([, field]) => headers[field] !== undefined && headers[field] !== false)
    .map(([name]) => name);
}
