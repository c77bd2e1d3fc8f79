import { Box, renderToString } from "ink";
import { RenderGuard } from "../error-boundary.js";
import type { TranscriptEntry } from "../model/index.js";
import { EntryView } from "./entry-view.js";

/** One transcript item as the app prints it. */
export function TranscriptItem({ entry, width }: { entry: TranscriptEntry; width: number }) {
  return (
    <RenderGuard what="this item">
      <EntryView entry={entry} width={width} />
    </RenderGuard>
  );
}

/**
 * The whole transcript as text for `columns` columns, to print it again after a resize. It is
 * written past Ink's <Static> (which would keep a second copy for its full-screen redraws).
 */
export function printTranscript(entries: readonly TranscriptEntry[], columns: number): string {
  if (entries.length === 0) return "";
  const text = renderToString(
    <Box flexDirection="column" width={columns}>
      {entries.map((entry) => (
        <TranscriptItem key={entry.id} entry={entry} width={columns} />
      ))}
    </Box>,
    { columns },
  );
  return text.endsWith("\n") ? text : `${text}\n`;
}
