import { Box, Text } from "ink";
import { printable } from "../text/terminal-text.js";
import type { ResumeList } from "./controller/tui-state.js";

const VISIBLE = 10;

function when(ms: number): string {
  const date = new Date(ms);
  const pad = (n: number) => String(n).padStart(2, "0");
  return `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())} ${pad(date.getHours())}:${pad(date.getMinutes())}`;
}

/** Saved sessions, newest first: when, first message, turns, model. */
export function ResumePicker({ picker, width }: { picker: ResumeList; width: number }) {
  const start = Math.max(0, Math.min(picker.index - 4, picker.sessions.length - VISIBLE));
  const shown = picker.sessions.slice(start, start + VISIBLE);
  return (
    <Box flexDirection="column" borderStyle="round" borderColor="cyan" paddingX={1} width={width}>
      <Text bold>Resume a session ({picker.sessions.length})</Text>
      {shown.map((session, i) => {
        const selected = start + i === picker.index;
        const turns = session.turns === 1 ? "1 turn" : `${session.turns} turns`;
        return (
          <Text key={session.id} color={selected ? "cyan" : undefined} wrap="truncate-end">
            {selected ? "› " : "  "}
            {when(session.updatedMs)} · {printable(session.firstMessage) || "(no message)"} ·{" "}
            {turns} · {session.model}
          </Text>
        );
      })}
      <Text dimColor>↑↓ choose · Enter resume · Esc cancel</Text>
    </Box>
  );
}
