import { Box, Text } from "ink";
import { printable } from "../../text/terminal-text.js";
import type { ToolEvent } from "../../tools/types.js";
import { collapseOutput } from "./transcript-entries.js";

type McpFinished = Extract<ToolEvent, { type: "mcp_call_finished" }>;

/** A finished MCP call in the transcript, like a command: what ran, how it went, a few lines. */
export interface McpCallEntry {
  kind: "mcp";
  server: string;
  tool: string;
  arguments: string;
  ok: boolean;
  durationMs: number;
  head: string[];
  hidden: number;
  tail: string[];
}

const MAX_ARGUMENTS = 200;

export function mcpCallEntry(event: McpFinished): McpCallEntry {
  const args = JSON.stringify(event.arguments ?? {});
  return {
    kind: "mcp",
    server: event.server,
    tool: event.tool,
    arguments: args.length > MAX_ARGUMENTS ? `${args.slice(0, MAX_ARGUMENTS)}…` : args,
    ok: event.error === undefined,
    durationMs: event.durationMs,
    ...collapseOutput(printable(event.error ?? event.modelText ?? "")),
  };
}

export function McpCallView({ entry }: { entry: McpCallEntry }) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text>
        <Text color={entry.ok ? "green" : "red"}>{entry.ok ? "✓" : "✗"} </Text>
        <Text bold>
          {entry.server}.{entry.tool}
        </Text>
        <Text>({printable(entry.arguments)})</Text>
        <Text dimColor>
          {"  "}({entry.ok ? "mcp" : "mcp, failed"}, {(entry.durationMs / 1000).toFixed(1)}s)
        </Text>
      </Text>
      <Box flexDirection="column" paddingLeft={4}>
        {entry.head.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static lines
          <Text key={`h${i}`} dimColor>
            {line}
          </Text>
        ))}
        {entry.hidden > 0 ? <Text dimColor>… +{entry.hidden} lines</Text> : null}
        {entry.tail.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: static lines
          <Text key={`t${i}`} dimColor>
            {line}
          </Text>
        ))}
      </Box>
    </Box>
  );
}
