import type { CostDisplay, SessionSummary } from "../../session/index.js";
import type { ApprovalDecision, ApprovalRequest } from "../../tools/index.js";
import type { OpenCostQuestion } from "./cost-question.js";
import type { OpenPicker } from "./questions/index.js";
import { initialState, type UiState } from "./ui-state.js";

/** An approval the engine waits on: answered once, by the person. */
export interface PendingApproval {
  request: ApprovalRequest;
  resolve(decision: ApprovalDecision): void;
}

/** The approval prompt's highlighted choice, diff scroll and feedback text (undefined: none). */
interface ApprovalPrompt {
  choice: number;
  diffOffset: number;
  feedback?: string;
}

/** The saved sessions offered to resume, and the highlighted one. */
export interface ResumeList {
  sessions: SessionSummary[];
  /** The highlighted row among the sessions the filter keeps. */
  index: number;
  /** Typed to filter the list. */
  query: string;
}

/** Ctrl+T's pager over the whole transcript. */
export interface PagerState {
  lines: string[];
  /** First line shown. */
  top: number;
  /** The query being typed after `/` (undefined: not typing one). */
  typing?: string;
  /** The last search and the line of its current match. */
  query?: string;
  match?: number;
}

/** Everything the TUI knows, each fact once: the transcript and status, and what is open. */
export interface TuiState extends UiState {
  /** Approvals waiting, oldest first (the prompt shows the first). */
  approvals: readonly PendingApproval[];
  prompt: ApprovalPrompt;
  picker?: OpenPicker;
  /** The question before a costly step (a switch that breaks the cached prefix, /compact). */
  costQuestion?: OpenCostQuestion;
  resumeList?: ResumeList;
  pager?: PagerState;
  /** The line under the status bar (quit arming, effort steps). */
  hint: string;
  /** Ctrl+C once more on an empty input quits. */
  quitArmed: boolean;
  /** The app is leaving: the views render nothing. */
  leaving: boolean;
}

export const NO_PROMPT: ApprovalPrompt = { choice: 0, diffOffset: 0 };

export function initialTuiState(contextWindow?: number, costDisplay?: CostDisplay): TuiState {
  return {
    ...initialState({ contextWindow, ...(costDisplay ? { costDisplay } : {}) }),
    approvals: [],
    prompt: NO_PROMPT,
    hint: "",
    quitArmed: false,
    leaving: false,
  };
}
