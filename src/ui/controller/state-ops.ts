import type {
  LiveState,
  TranscriptEntry,
  TranscriptEntryBody,
} from "../transcript/transcript-entries.js";
import type { StatusState, UiState } from "./state.js";

/** Small immutable updates shared by the reducer's parts. */
export function append(state: UiState, bodies: TranscriptEntryBody[]): UiState {
  if (bodies.length === 0) return state;
  const added = bodies.map((body, i) => ({ ...body, id: state.nextId + i }) as TranscriptEntry);
  return { ...state, entries: [...state.entries, ...added], nextId: state.nextId + added.length };
}

export function withStatus(state: UiState, patch: Partial<StatusState>): UiState {
  return { ...state, status: { ...state.status, ...patch } };
}

export function withLive(state: UiState, patch: Partial<LiveState>): UiState {
  return { ...state, live: { ...state.live, ...patch } };
}
