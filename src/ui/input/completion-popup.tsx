import { Box, Text } from "ink";
import { printable } from "../../text/index.js";
import { COMPLETION_MARKS } from "./completion.js";
import type { CompletionView } from "./use-completion.js";

/** The `/`, `@` or `$` popup under the composer: the matches, the highlighted one, the keys. */
export function CompletionPopup({ view, width }: { view: CompletionView; width: number }) {
  const mark = COMPLETION_MARKS[view.token.kind];
  const widest = Math.max(0, ...view.items.map((item) => item.value.length));
  return (
    <Box flexDirection="column" paddingX={2} width={width}>
      {view.items.length === 0 ? <Text dimColor>reading the workspace's files…</Text> : null}
      {view.items.map((item, i) => (
        <Text key={item.value} color={i === view.index ? "cyan" : undefined} wrap="truncate-end">
          {i === view.index ? "› " : "  "}
          {mark}
          {printable(view.token.kind === "file" ? item.value : item.value.padEnd(widest))}
          {item.detail ? <Text dimColor>{`  ${item.detail}`}</Text> : null}
        </Text>
      ))}
      <Text dimColor wrap="truncate-end">
        ↑↓ choose · Tab {view.token.kind === "slash" ? "complete · Enter run" : "/ Enter insert"} ·
        Esc close
      </Text>
    </Box>
  );
}
