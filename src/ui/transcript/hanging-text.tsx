import { Box, Text } from "ink";
import type { ReactNode } from "react";

/** A line whose wrapped rows start under its text, not under its marker (hanging indent). */
export function Hanging({
  prefix,
  color,
  children,
}: {
  prefix: string;
  color?: string;
  children: ReactNode;
}) {
  return (
    <Box>
      <Box flexShrink={0}>
        <Text color={color}>{prefix}</Text>
      </Box>
      <Text color={color}>{children}</Text>
    </Box>
  );
}
