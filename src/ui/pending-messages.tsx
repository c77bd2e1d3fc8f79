import { Box, Text } from "ink";
import { printable } from "../text/index.js";
import type { PendingSteer } from "./controller/index.js";
import type { ComposedMessage } from "./model/index.js";

function steerLabel(steer: PendingSteer): string {
  return steer.sent ? "↳ steer (sent to the model)" : "↳ steer (with the next request)";
}

/** One waiting message on one row: its first line, cut to the width. */
function Row({ label, message }: { label: string; message: ComposedMessage }) {
  const first = message.text.split("\n")[0] ?? "";
  return (
    <Text dimColor wrap="truncate-end">
      {label} › {printable(first)}
    </Text>
  );
}

/**
 * Messages not in the conversation yet, in their own area below the transcript: steers waiting
 * for the next request of the running turn (or already with the server, on the socket), then
 * messages queued behind it. Up on an empty input edits the last one not sent yet.
 */
export function PendingMessages({
  steers,
  queue,
}: {
  steers: readonly PendingSteer[];
  queue: readonly ComposedMessage[];
}) {
  if (steers.length === 0 && queue.length === 0) return null;
  return (
    <Box flexDirection="column">
      {steers.map((message, i) => (
        <Row key={message.id ?? `s${i}`} label={steerLabel(message)} message={message} />
      ))}
      {queue.map((message, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: order is the identity
        <Row key={`q${i}`} label="queued" message={message} />
      ))}
      <Text dimColor> Up on an empty input edits the last one not sent yet</Text>
    </Box>
  );
}
