import { Box, Text, useStdout } from "ink";
import { printable } from "../text/index.js";
import type { ApprovalRequest } from "../tools/index.js";
import { approvalChoices } from "../tools/index.js";
import {
  type ApprovalDiffLine,
  approvalDiffLines,
  changeCounts,
  diffWindow,
  patchSummary,
} from "./approval-diff.js";
import { Hanging } from "./transcript/index.js";

const DEFAULT_DIFF_ROWS = 12;
/** Rows the rest of the live region takes around the diff (prompt frame, composer, status). */
const AROUND_DIFF_ROWS = 21;
/** Files listed above the diff (the diff itself names every file). */
const LISTED_FILES = 5;
/** Border and padding of the prompt box, on each side. */
const PROMPT_FRAME_COLUMNS = 4;

/**
 * Diff rows the patch prompt shows on a terminal of `rows` rows: a live region as tall as
 * the terminal makes Ink clear the screen and print the whole transcript on every key.
 */
function promptDiffRows(rows: number | undefined, files: number): number {
  if (!rows) return DEFAULT_DIFF_ROWS;
  return Math.max(3, rows - AROUND_DIFF_ROWS - Math.min(files, LISTED_FILES));
}

/** What the patch prompt shows of a diff on this terminal: its lines and the window size. */
export function diffGeometry(
  request: ApprovalRequest,
  terminal: { rows?: number; columns?: number },
): { lines: ApprovalDiffLine[]; rows: number; columns: number; gutter: number } {
  const lines = request.kind === "patch" ? approvalDiffLines(request.changes) : [];
  const files = request.kind === "patch" ? request.changes.length : 0;
  const widest = lines.reduce((max, line) => Math.max(max, line.number ?? 0), 0);
  const gutter = String(widest).length + 1;
  const columns = (terminal.columns || 80) - PROMPT_FRAME_COLUMNS - gutter;
  return { lines, rows: promptDiffRows(terminal.rows, files), columns, gutter };
}

function diffColor(text: string): "green" | "red" | "cyan" | undefined {
  if (text.startsWith("+++ ") || text.startsWith("--- ")) return undefined;
  if (text.startsWith("+")) return "green";
  if (text.startsWith("-")) return "red";
  if (text.startsWith("@@")) return "cyan";
  return undefined;
}

/** The whole diff, a window of it at a time, with line numbers and where the window is. */
function PatchDiff({ request, offset }: { request: ApprovalRequest; offset: number }) {
  const { stdout } = useStdout();
  const { lines, rows, columns, gutter } = diffGeometry(request, stdout);
  const { start, end } = diffWindow(lines, offset, rows, columns);
  const whole = start === 0 && end === lines.length;
  return (
    <Box flexDirection="column">
      {lines.slice(start, end).map((line, i) => (
        <Hanging
          // biome-ignore lint/suspicious/noArrayIndexKey: the window's rows
          key={start + i}
          prefix={`${`${line.number ?? ""}`.padStart(gutter - 1)} `}
          color={diffColor(line.text)}
        >
          {line.text || " "}
        </Hanging>
      ))}
      {whole ? null : (
        <Text color="yellow">
          lines {start + 1}–{end} of {lines.length}
          {end < lines.length ? " · PgDn more" : " · end"}
          {start > 0 ? " · PgUp back" : ""} · Home/End
        </Text>
      )}
    </Box>
  );
}

/** What is asked: the command (and why again), the patch with its whole diff, or the MCP call. */
function RequestBody({ request, diffOffset }: { request: ApprovalRequest; diffOffset: number }) {
  return (
    <>
      {request.agent ? (
        <Text bold color="magenta">
          Subagent {printable(request.agent)} asks:
        </Text>
      ) : null}
      <AskedBody request={request} diffOffset={diffOffset} />
    </>
  );
}

function AskedBody({ request, diffOffset }: { request: ApprovalRequest; diffOffset: number }) {
  if (request.kind === "command") {
    return (
      <>
        <Text bold>
          {request.reason === "sandbox_denied"
            ? "The sandbox blocked this command. Run it again without the sandbox?"
            : "Run this command?"}
        </Text>
        <Hanging prefix="$ " color="yellow">
          {printable(request.command)}
        </Hanging>
        <Hanging prefix="in ">{printable(request.workdir)}</Hanging>
      </>
    );
  }
  if (request.kind === "mcp_tool") {
    return (
      <>
        <Hanging prefix="Call the MCP tool ">
          {printable(request.server)}/{printable(request.tool)}?
        </Hanging>
        <Hanging prefix="  " color="yellow">
          {printable(request.arguments)}
        </Hanging>
      </>
    );
  }
  const counts = changeCounts(request.changes);
  return (
    <>
      <Hanging prefix="Apply this patch? ">{patchSummary(counts)}</Hanging>
      {counts.slice(0, LISTED_FILES).map((c) => (
        <Hanging key={`${c.path}:${c.movePath ?? ""}`} prefix={`  ${c.kind} `}>
          {printable(c.path)}
          {c.movePath ? ` → ${printable(c.movePath)}` : ""} <Text color="green">+{c.added}</Text>{" "}
          <Text color="red">−{c.removed}</Text>
        </Hanging>
      ))}
      {counts.length > LISTED_FILES ? (
        <Text dimColor> … {counts.length - LISTED_FILES} more files (all in the diff)</Text>
      ) : null}
      <PatchDiff request={request} offset={diffOffset} />
    </>
  );
}

/** Asks the person about one command, patch or MCP call. */
export function ApprovalPrompt({
  request,
  index,
  diffOffset = 0,
  feedback,
  typing = false,
}: {
  request: ApprovalRequest;
  index: number;
  /** First diff line shown (PgUp/PgDn move it). */
  diffOffset?: number;
  /** The text field of "No, and tell the model what to do differently", while it is open. */
  feedback?: string;
  /** A message is being typed: say that keys go to it until it is queued or cleared. */
  typing?: boolean;
}) {
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      <RequestBody request={request} diffOffset={diffOffset} />
      {feedback === undefined ? (
        approvalChoices(request).map((choice, i) => (
          <Hanging
            key={choice.key}
            prefix={`${i === index ? "› " : "  "}[${choice.key}] `}
            color={i === index ? "cyan" : undefined}
          >
            {choice.label}
          </Hanging>
        ))
      ) : (
        <>
          <Text bold>No. What should the model do differently?</Text>
          <Hanging prefix="› " color="cyan">
            {printable(feedback)}
            <Text inverse> </Text>
          </Hanging>
          <Text dimColor>Enter: deny and send this to the model · Esc: back to the choices</Text>
        </>
      )}
      {typing ? (
        <Text color="yellow">Keys go to your message: Enter queues it, then answer here.</Text>
      ) : null}
      {feedback === undefined ? <Text dimColor>Esc: no, and stop the turn</Text> : null}
    </Box>
  );
}
