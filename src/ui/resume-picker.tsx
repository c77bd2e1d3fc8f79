import { Box, Text } from "ink";
import type { SessionSummary } from "../session/index.js";
import { printable } from "../text/index.js";
import type { ResumeList } from "./controller/index.js";
import { filteredSessions, relativeTime } from "./resume-list.js";

const VISIBLE = 10;

/** Saved sessions, newest first: when, first message, turns, last model; typing filters. */
export function ResumePicker({ picker, width }: { picker: ResumeList; width: number }) {
  const sessions = filteredSessions(picker);
  const start = Math.max(0, Math.min(picker.index - 4, sessions.length - VISIBLE));
  const shown = sessions.slice(start, start + VISIBLE);
  const now = Date.now();
  const count =
    sessions.length === picker.sessions.length
      ? `${picker.sessions.length}`
      : `${sessions.length} of ${picker.sessions.length}`;
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={width}>
      <Text bold>Resume a session ({count})</Text>
      <Text>
        Filter: {picker.query ? printable(picker.query) : <Text dimColor>type to filter</Text>}
      </Text>
      {shown.length === 0 ? <Text dimColor>no session matches</Text> : null}
      {shown.map((session, i) => {
        const selected = start + i === picker.index;
        const turns = session.turns === 1 ? "1 turn" : `${session.turns} turns`;
        return (
          <Text key={session.id} color={selected ? "cyan" : undefined} wrap="truncate-end">
            {selected ? "› " : "  "}
            {relativeTime(session.updatedMs, now).padEnd(11)} · {childMark(session)}
            {printable(session.firstMessage)} · {turns} · {session.model}
          </Text>
        );
      })}
      <Text dimColor>↑↓ choose · Enter resume · Esc cancel · type to filter</Text>
    </Box>
  );
}

/** "↳ agent-1 of 019a…: ": a subagent's own thread, listed under the session that spawned it. */
function childMark(session: SessionSummary): string {
  const parent = session.spawnedBy;
  if (!parent) return "";
  return printable(`↳ ${parent.name ?? "subagent"} of ${parent.id.slice(0, 8)}…: `);
}
