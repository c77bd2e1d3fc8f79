import { Box, Text } from "ink";
import { printable } from "../../text/index.js";
import type { PagerState } from "../controller/index.js";

/** The transcript pager: a screenful of lines, the match highlighted, a footer of keys. */
export function TranscriptPager({
  pager,
  rows,
  width,
}: {
  pager: PagerState;
  rows: number;
  width: number;
}) {
  const height = Math.max(1, rows - 3);
  const shown = pager.lines.slice(pager.top, pager.top + height);
  const found =
    pager.query === undefined
      ? ""
      : pager.match === undefined
        ? ` · "${pager.query}" not found`
        : ` · "${pager.query}" at line ${pager.match + 1} (n: next)`;
  return (
    <Box flexDirection="column" width={width} height={rows}>
      <Text bold inverse>
        {` Transcript · lines ${pager.top + 1}-${pager.top + shown.length} of ${pager.lines.length}${found} `}
      </Text>
      <Box flexDirection="column" height={height}>
        {shown.map((line, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: lines of a fixed screen
          <Text key={i} wrap="truncate-end" inverse={pager.top + i === pager.match}>
            {printable(line) || " "}
          </Text>
        ))}
      </Box>
      <Text dimColor>
        {pager.typing !== undefined
          ? `/${pager.typing}▏ (Enter search, Esc cancel)`
          : "↑↓ PgUp PgDn scroll · g/G top/end · / search · n next · Esc close"}
      </Text>
    </Box>
  );
}
