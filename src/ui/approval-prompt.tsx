import { Box, type Key, Text, useStdout } from "ink";
import type { ApprovalDecision, ApprovalRequest } from "../tools/types.js";
import {
  type ApprovalDiffLine,
  approvalDiffLines,
  changeCounts,
  type DiffScroll,
  diffWindow,
  patchSummary,
} from "./approval-diff.js";
import { Hanging } from "./hanging-text.js";
import { printable } from "./terminal-text.js";

const DEFAULT_DIFF_ROWS = 12;
/** Rows the rest of the live region takes around the diff (prompt frame, composer, status). */
const AROUND_DIFF_ROWS = 20;
/** Files listed above the diff (the diff itself names every file). */
const LISTED_FILES = 5;
/** Border and padding of the prompt box, on each side. */
const PROMPT_FRAME_COLUMNS = 4;

/**
 * Diff rows the patch prompt shows on a terminal of `rows` rows: a live region as tall as
 * the terminal makes Ink clear the screen and print the whole transcript on every key.
 */
export function promptDiffRows(rows: number | undefined, files: number): number {
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

const CHOICES: ReadonlyArray<{ key: string; decision: ApprovalDecision; label: string }> = [
  { key: "y", decision: "approve", label: "Yes, once" },
  { key: "a", decision: "approve_session", label: "Yes, for this session" },
  { key: "n", decision: "deny", label: "No (tell the model it was denied)" },
];

const SCROLL_KEYS: ReadonlyArray<[keyof Key, DiffScroll]> = [
  ["pageUp", "page_up"],
  ["pageDown", "page_down"],
  ["home", "first"],
  ["end", "last"],
];

/** A key on the approval prompt: y / a / n, arrows + Enter; PgUp/PgDn/Home/End scroll the diff; Esc (or Ctrl+C) stops the turn. */
export function approvalKey(
  input: string,
  key: Key,
  index: number,
):
  | { decision: ApprovalDecision }
  | { index: number }
  | { scroll: DiffScroll }
  | "interrupt"
  | undefined {
  if (key.escape || (key.ctrl && input === "c")) return "interrupt";
  const scroll = SCROLL_KEYS.find(([name]) => key[name]);
  if (scroll) return { scroll: scroll[1] };
  const typed = CHOICES.find((choice) => choice.key === input.toLowerCase());
  if (typed) return { decision: typed.decision };
  if (key.upArrow) return { index: (index + CHOICES.length - 1) % CHOICES.length };
  if (key.downArrow) return { index: (index + 1) % CHOICES.length };
  if (key.return) return { decision: CHOICES[index]?.decision ?? "deny" };
  return undefined;
}

/**
 * While a message is half typed, keys keep going to it (Enter queues it): a word that starts
 * with "a" must not approve a command for the whole session. Esc and Ctrl+C still answer.
 */
export function approvalKeyGoesToComposer(input: string, key: Key, composerEmpty: boolean) {
  if (composerEmpty) return false;
  return !(key.escape || (key.ctrl && input === "c"));
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
          prefix={`${line.number === undefined ? "" : line.number}`
            .padStart(gutter - 1)
            .concat(" ")}
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

/** Asks the person about one command or patch. */
export function ApprovalPrompt({
  request,
  index,
  diffOffset = 0,
  typing = false,
}: {
  request: ApprovalRequest;
  index: number;
  /** First diff line shown (PgUp/PgDn move it). */
  diffOffset?: number;
  /** A message is being typed: say that keys go to it until it is queued or cleared. */
  typing?: boolean;
}) {
  const counts = request.kind === "patch" ? changeCounts(request.changes) : [];
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="yellow" paddingX={1}>
      {request.kind === "command" ? (
        <>
          <Text bold>Run this command?</Text>
          <Hanging prefix="$ " color="yellow">
            {printable(request.command)}
          </Hanging>
          <Hanging prefix="in ">{printable(request.workdir)}</Hanging>
        </>
      ) : (
        <>
          <Hanging prefix="Apply this patch? ">{patchSummary(counts)}</Hanging>
          {counts.slice(0, LISTED_FILES).map((c) => (
            <Hanging key={`${c.path}:${c.movePath ?? ""}`} prefix={`  ${c.kind} `}>
              {printable(c.path)}
              {c.movePath ? ` → ${printable(c.movePath)}` : ""}{" "}
              <Text color="green">+{c.added}</Text> <Text color="red">−{c.removed}</Text>
            </Hanging>
          ))}
          {counts.length > LISTED_FILES ? (
            <Text dimColor> … {counts.length - LISTED_FILES} more files (all in the diff)</Text>
          ) : null}
          <PatchDiff request={request} offset={diffOffset} />
        </>
      )}
      {CHOICES.map((choice, i) => (
        <Hanging
          key={choice.key}
          prefix={`${i === index ? "› " : "  "}[${choice.key}] `}
          color={i === index ? "cyan" : undefined}
        >
          {choice.label}
        </Hanging>
      ))}
      {typing ? (
        <Text color="yellow">Keys go to your message: Enter queues it, then answer here.</Text>
      ) : null}
      <Text dimColor>Esc: no, and stop the turn</Text>
    </Box>
  );
}
