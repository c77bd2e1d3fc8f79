import { Box, Text, useStdout } from "ink";
import { printable } from "../../text/index.js";
import type { ComposerBuffer } from "../model/index.js";
import { type HistorySearch, searchLabel } from "./history-search.js";

/** Rows left for the rest of the screen around the input box. */
const AROUND_INPUT_ROWS = 12;

/**
 * Lines of input shown at once on a terminal of `rows` rows: a live region as tall as the
 * terminal makes Ink clear the screen and print the whole transcript on every key.
 */
function inputRows(rows: number | undefined): number {
  return rows ? Math.max(3, rows - AROUND_INPUT_ROWS) : Number.POSITIVE_INFINITY;
}

/** The first line to show so that the cursor's line is in a window of `shown` lines. */
function firstShown(total: number, cursorLine: number, shown: number): number {
  if (total <= shown) return 0;
  return Math.min(Math.max(0, cursorLine - shown + 1), total - shown);
}

/** The input box: the text with an inverse-video cursor; "›" marks the first line. */
export function Composer({
  buffer,
  placeholder,
  dim,
  search,
}: {
  buffer: ComposerBuffer;
  placeholder: string;
  dim: boolean;
  /** Ctrl+R's search in progress: its query shown above the match. */
  search?: HistorySearch | undefined;
}) {
  const { stdout } = useStdout();
  const { text, cursor } = buffer;
  const lines = text.split("\n");
  const starts: number[] = [];
  let offset = 0;
  for (const line of lines) {
    starts.push(offset);
    offset += line.length + 1;
  }
  const cursorLine = text.slice(0, cursor).split("\n").length - 1;
  const shown = inputRows(stdout.rows);
  const first = firstShown(lines.length, cursorLine, shown);
  const last = Math.min(lines.length, first + shown);
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={dim ? "gray" : "cyan"}
      paddingX={1}
    >
      {search ? <Text color="yellow">{printable(searchLabel(search))}</Text> : null}
      {text === "" ? (
        <Text>
          <Text color="cyan">› </Text>
          <Text inverse> </Text>
          <Text dimColor>{placeholder}</Text>
        </Text>
      ) : (
        <>
          {first > 0 ? <Text dimColor>↑ {first} more lines</Text> : null}
          {lines.slice(first, last).map((line, j) => {
            const i = first + j;
            const at = cursor - (starts[i] ?? 0);
            const hasCursor = at >= 0 && at <= line.length;
            return (
              <Text key={i}>
                <Text color="cyan">{i === 0 ? "› " : "  "}</Text>
                {hasCursor ? (
                  <>
                    {printable(line.slice(0, at))}
                    <Text inverse>{printable(line.slice(at, at + 1)) || " "}</Text>
                    {printable(line.slice(at + 1))}
                  </>
                ) : (
                  printable(line)
                )}
              </Text>
            );
          })}
          {last < lines.length ? <Text dimColor>↓ {lines.length - last} more lines</Text> : null}
        </>
      )}
    </Box>
  );
}
