import { Box, Text } from "ink";
import { printable, shownOutput } from "../../text/index.js";
import type { LiveCall, LiveState } from "../model/index.js";
import { lineTail } from "../model/index.js";
import { Runs } from "./entry-view.js";
import { formatMarkdownLine } from "./markdown.js";
import { wrapRuns } from "./text-wrap.js";

/** Rows of wrapped streaming text kept on screen; the rest is already in the transcript. */
const LIVE_TEXT_ROWS = 4;
/** Files of a streaming patch listed live (the applied diff lists them all). */
const LIVE_PATCH_FILES = 6;

function LiveCallView({ call }: { call: LiveCall }) {
  if (call.command) {
    return (
      <Box flexDirection="column">
        <Text>
          <Text color="yellow">⏵ </Text>
          <Text bold>$ {printable(call.command.text)}</Text>
        </Text>
        {call.command.outputTail ? (
          <Box paddingLeft={4} flexDirection="column">
            {/* One row per output line: a long line must not grow the live region. */}
            {shownOutput(call.command.outputTail)
              .split("\n")
              .map((line, i) => (
                // biome-ignore lint/suspicious/noArrayIndexKey: rows of the output tail
                <Text key={i} dimColor wrap="truncate-end">
                  {line}
                </Text>
              ))}
          </Box>
        ) : null}
      </Box>
    );
  }
  if (call.patch) {
    const { files } = call.patch;
    return (
      <Box flexDirection="column">
        <Text color="yellow">✎ {call.patch.done ? "Patch ready" : "Patch streaming…"}</Text>
        {files.slice(0, LIVE_PATCH_FILES).map((file) => (
          <Text key={`${file.path}:${file.kind}`}>
            {"    "}
            {file.kind} {printable(file.path)}
            {file.movePath ? ` → ${printable(file.movePath)}` : ""}{" "}
            <Text color="green">+{file.linesAdded}</Text>{" "}
            <Text color="red">-{file.linesRemoved}</Text>
          </Text>
        ))}
        {files.length > LIVE_PATCH_FILES ? (
          <Text dimColor>
            {"    "}… {files.length - LIVE_PATCH_FILES} more files
          </Text>
        ) : null}
      </Box>
    );
  }
  if (call.reported) return null;
  return <Text color="yellow">⋯ {call.name}</Text>;
}

/** The in-flight part: streaming text tail, reasoning, running tools. */
export function LiveItem({ live, width }: { live: LiveState; width: number }) {
  const calls = Object.entries(live.calls);
  // Only the end of the open line is shown (wrapping just that keeps each frame cheap).
  const tail = live.stream ? lineTail(live.stream.open, width * LIVE_TEXT_ROWS * 2) : "";
  const rows = tail
    ? wrapRuns(
        formatMarkdownLine(shownOutput(tail), live.stream?.fenceOpen ?? false),
        width - 2,
      ).slice(-LIVE_TEXT_ROWS)
    : [];
  return (
    <Box flexDirection="column">
      {live.reasoning ? (
        <Box paddingLeft={2}>
          <Text dimColor italic wrap="truncate-start">
            {shownOutput(live.reasoning.text.slice(-width * 2)).replace(/\s+/g, " ")}
          </Text>
        </Box>
      ) : null}
      {rows.length > 0 ? (
        <Box flexDirection="column" paddingLeft={2}>
          {rows.map((row, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: rows of the live tail
            <Runs key={i} runs={row} />
          ))}
        </Box>
      ) : null}
      {calls.map(([callId, call]) => (
        <LiveCallView key={callId} call={call} />
      ))}
    </Box>
  );
}
