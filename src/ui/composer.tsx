import { Box, Text } from "ink";
import type { ComposerBuffer } from "./composer-buffer.js";
import { printable } from "./terminal-text.js";

/** The input box: the text with an inverse-video cursor; "›" marks the first line. */
export function Composer({
  buffer,
  placeholder,
  dim,
}: {
  buffer: ComposerBuffer;
  placeholder: string;
  dim: boolean;
}) {
  const { text, cursor } = buffer;
  const lines = text.split("\n");
  let offset = 0;
  return (
    <Box
      flexDirection="column"
      borderStyle="round"
      borderColor={dim ? "gray" : "cyan"}
      paddingX={1}
    >
      {text === "" ? (
        <Text>
          <Text color="cyan">› </Text>
          <Text inverse> </Text>
          <Text dimColor>{placeholder}</Text>
        </Text>
      ) : (
        lines.map((line, i) => {
          const start = offset;
          offset += line.length + 1;
          const at = cursor - start;
          const hasCursor = at >= 0 && at <= line.length;
          return (
            // biome-ignore lint/suspicious/noArrayIndexKey: lines of one buffer
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
        })
      )}
    </Box>
  );
}
