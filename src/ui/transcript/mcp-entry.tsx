import { Box, Text } from "ink";
import { printable } from "../../text/index.js";
import type { McpCallEntry } from "../model/index.js";

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
