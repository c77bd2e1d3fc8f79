import { Box, Text } from "ink";
import { assertNever } from "../../protocol/index.js";
import { printable, shownOutput } from "../../text/index.js";
import type { FileChange, PlanStep } from "../../tools/index.js";
import { type ChangeCounts, changeCounts, displayDiff } from "../approval-diff.js";
import { exitLabel, SHOW_OUTPUT_KEY, STEERED_LABEL, type TranscriptEntry } from "../model/index.js";
import { fencedLines, formatMarkdownLine, type TextRun } from "./markdown.js";
import { McpCallView } from "./mcp-entry.js";
import { wrapRuns } from "./text-wrap.js";

const MAX_DIFF_LINES = 200;

export function Runs({ runs }: { runs: TextRun[] }) {
  if (runs.length === 0) return <Text> </Text>;
  return (
    <Text>
      {runs.map((run, i) => (
        <Text
          // biome-ignore lint/suspicious/noArrayIndexKey: runs of one line never reorder
          key={i}
          bold={run.bold}
          dimColor={run.dim}
          color={run.code ? "cyan" : run.heading ? "magentaBright" : undefined}
        >
          {run.text}
        </Text>
      ))}
    </Text>
  );
}

function DiffText({ text, maxLines = MAX_DIFF_LINES }: { text: string; maxLines?: number }) {
  // The "Index:" / "=====" preamble of a unified diff says nothing the file header does not.
  const lines = printable(text)
    .replace(/\n$/, "")
    .split("\n")
    .filter((line) => !line.startsWith("Index: ") && !/^=+$/.test(line));
  const shown = lines.slice(0, maxLines);
  return (
    <Box flexDirection="column">
      {shown.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static lines
        <Text key={i} color={diffColor(line)} dimColor={diffColor(line) === undefined}>
          {line}
        </Text>
      ))}
      {lines.length > shown.length && (
        <Text dimColor>… {lines.length - shown.length} more lines</Text>
      )}
    </Box>
  );
}

function diffColor(line: string): "green" | "red" | "cyan" | undefined {
  if (line.startsWith("+++") || line.startsWith("---")) return undefined;
  if (line.startsWith("+")) return "green";
  if (line.startsWith("-")) return "red";
  if (line.startsWith("@@")) return "cyan";
  return undefined;
}

/** A file of a patch, as the approval prompt names it: `add path +2 −0`. */
function FileHeader({ change, counts }: { change: FileChange; counts?: ChangeCounts }) {
  return (
    <Text>
      {change.kind} {printable(change.path)}
      {change.movePath ? ` → ${printable(change.movePath)}` : ""}
      {counts ? (
        <>
          {" "}
          <Text color="green">+{counts.added}</Text> <Text color="red">−{counts.removed}</Text>
        </>
      ) : null}
    </Text>
  );
}

function PatchEntry({
  ok,
  changes,
  error,
}: {
  ok: boolean;
  changes: FileChange[];
  error?: string;
}) {
  const counts = changeCounts(changes);
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text color={ok ? "green" : "red"} bold>
        {ok ? "✓ Applied patch" : "✗ Patch failed"}
        {error ? <Text bold={false}>: {printable(error)}</Text> : null}
      </Text>
      {changes.map((change, i) => (
        <Box key={`${change.path}:${change.movePath ?? ""}`} flexDirection="column" marginLeft={2}>
          <FileHeader change={change} counts={change.diff ? counts[i] : undefined} />
          {change.diff ? <DiffText text={displayDiff(change).join("\n")} /> : null}
        </Box>
      ))}
    </Box>
  );
}

const PLAN_MARK = { completed: "✔", in_progress: "▸", pending: "□" } as const;

function PlanEntry({ explanation, plan }: { explanation?: string; plan: PlanStep[] }) {
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>Plan</Text>
      {explanation ? <Text dimColor>{shownOutput(explanation)}</Text> : null}
      {plan.map((step, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: a plan is rendered once
        <Text key={i} color={step.status === "completed" ? "green" : undefined}>
          {"  "}
          {PLAN_MARK[step.status]} {shownOutput(step.step)}
        </Text>
      ))}
    </Box>
  );
}

/** Columns of indent before command output in the transcript. */
const OUTPUT_INDENT = 4;

/** Head and tail of a command's output, one row per line (cut to the width with …). */
function CommandOutput({
  entry,
  width,
}: {
  entry: Extract<TranscriptEntry, { kind: "command" }>;
  width: number;
}) {
  const cut = [...entry.head, ...entry.tail].some((line) => line.length > width - OUTPUT_INDENT);
  const row = (line: string, key: string) => (
    <Text key={key} dimColor wrap="truncate-end">
      {line}
    </Text>
  );
  return (
    <Box flexDirection="column" paddingLeft={OUTPUT_INDENT}>
      {entry.head.map((line, i) => row(line, `h${i}`))}
      {entry.hidden > 0 ? (
        <Text dimColor>
          … +{entry.hidden} lines · {SHOW_OUTPUT_KEY} shows the last output in full
        </Text>
      ) : null}
      {entry.tail.map((line, i) => row(line, `t${i}`))}
      {cut && entry.hidden === 0 ? (
        <Text dimColor>… cut to the width · {SHOW_OUTPUT_KEY} shows the last output in full</Text>
      ) : null}
    </Box>
  );
}

function BannerView({ lines }: { lines: string[] }) {
  return (
    <Box
      flexDirection="column"
      alignSelf="flex-start"
      borderStyle="round"
      borderColor="gray"
      paddingX={1}
    >
      {lines.map((line, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static lines
        <Text key={i} bold={i === 0}>
          {line}
        </Text>
      ))}
    </Box>
  );
}

function CommandEntry({
  entry,
  width,
}: {
  entry: Extract<TranscriptEntry, { kind: "command" }>;
  width: number;
}) {
  const ok = entry.exitCode === 0 && !entry.aborted && !entry.timedOut;
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text>
        <Text color={ok ? "green" : "red"}>{ok ? "✓" : "✗"} </Text>
        <Text bold>$ {printable(entry.command)}</Text>
        <Text dimColor>
          {"  "}({exitLabel(entry)}, {(entry.durationMs / 1000).toFixed(1)}s)
        </Text>
      </Text>
      <CommandOutput entry={entry} width={width} />
    </Box>
  );
}

/** One finished transcript item. */
export function EntryView({ entry, width }: { entry: TranscriptEntry; width: number }) {
  switch (entry.kind) {
    case "banner":
      return <BannerView lines={entry.lines} />;
    case "user":
      return (
        <Box marginTop={1}>
          <Box flexShrink={0}>
            <Text color="cyan">› </Text>
          </Box>
          <Text>{printable(entry.text)}</Text>
          {entry.steered ? <Text dimColor> {STEERED_LABEL}</Text> : null}
        </Box>
      );
    case "agent":
      return (
        <Box flexDirection="column" marginTop={entry.first ? 1 : 0} paddingLeft={2}>
          {fencedLines(entry.lines, entry.fenceOpen).flatMap(({ line, inFence }, i) =>
            wrapRuns(formatMarkdownLine(shownOutput(line), inFence), width - 2).map((row, j) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: static rows
              <Runs key={`${i}.${j}`} runs={row} />
            )),
          )}
        </Box>
      );
    case "reasoning":
      return (
        <Box marginTop={1} paddingLeft={2}>
          <Text dimColor italic>
            {shownOutput(entry.text)}
          </Text>
        </Box>
      );
    case "command":
      return <CommandEntry entry={entry} width={width} />;
    case "mcp":
      return <McpCallView entry={entry} />;
    case "patch":
      return <PatchEntry ok={entry.ok} changes={entry.changes} error={entry.error} />;
    case "plan":
      return <PlanEntry explanation={entry.explanation} plan={entry.plan} />;
    case "notice": {
      const color = entry.level === "error" ? "red" : entry.level === "warning" ? "yellow" : "gray";
      const mark = entry.level === "error" ? "✗ " : entry.level === "warning" ? "⚠ " : "· ";
      return (
        <Text color={color}>
          {mark}
          {printable(entry.text)}
        </Text>
      );
    }
    case "info":
      return (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>{entry.title}</Text>
          {entry.lines.map((line, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: static lines
            <Text key={i}>
              {"  "}
              {printable(line)}
            </Text>
          ))}
        </Box>
      );
    case "table":
      return <TableView title={entry.title} header={entry.header} rows={entry.rows} />;
    case "diff":
      return (
        <Box flexDirection="column" marginTop={1}>
          <Text bold>{entry.title}</Text>
          <DiffText text={entry.text} />
        </Box>
      );
    default:
      return assertNever(entry);
  }
}

function TableView({ title, header, rows }: { title: string; header: string[]; rows: string[][] }) {
  const widths = header.map((h, c) => Math.max(h.length, ...rows.map((r) => (r[c] ?? "").length)));
  const format = (cells: string[]) =>
    cells
      .map((cell, c) => cell.padEnd(widths[c] ?? 0))
      .join(" ")
      .trimEnd();
  return (
    <Box flexDirection="column" marginTop={1}>
      <Text bold>{title}</Text>
      <Text dimColor wrap="truncate-end">
        {format(header)}
      </Text>
      {rows.map((row, i) => (
        // biome-ignore lint/suspicious/noArrayIndexKey: static rows
        <Text key={i} wrap="truncate-end">
          {format(row)}
        </Text>
      ))}
    </Box>
  );
}
