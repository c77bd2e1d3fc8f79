import { Box, Text } from "ink";
import type { StatusState } from "./state.js";
import { layoutStatusBar, SEPARATOR } from "./status-items.js";

export function StatusBar({ status, width }: { status: StatusState; width: number }) {
  const segments = layoutStatusBar(status, Math.max(1, width - 1));
  return (
    <Box width={width}>
      <Text wrap="truncate-end">
        {segments.map((segment, i) => (
          <Text key={segment.id}>
            {i > 0 ? <Text dimColor>{SEPARATOR}</Text> : null}
            <Text color={segment.color}>{segment.text}</Text>
          </Text>
        ))}
      </Text>
    </Box>
  );
}
