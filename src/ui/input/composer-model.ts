import type { Key } from "ink";
import { withoutControls } from "../../text/index.js";
import {
  BUFFER_EDITS,
  backspace,
  type ChipImage,
  CONTROL_CHAR_ACTIONS,
  type ComposedMessage,
  type ComposerBuffer,
  composeMessage,
  deletePlaceholderBefore,
  EMPTY_BUFFER,
  expandPastes,
  forgetUnused,
  type InputHistory,
  insertText,
  type KeyAction,
  keyAction,
  moveLine,
  type Placeholder,
  pasteLabel,
  placeholderSpans,
  recall,
  remember,
  restoreChips,
  shouldCollapse,
} from "../model/index.js";
import { type HistorySearch, searchKey } from "./history-search.js";
import { chipImagePaths, wordEndingAt } from "./image-chips.js";
import { isKill, KILLS, type KillAction } from "./kills.js";

export type ComposerSignal =
  | "interrupt"
  | "ctrl_c"
  | "cycle_effort"
  | "cycle_mode"
  | "effort_down"
  | "effort_up"
  | "show_output"
  | "transcript";

/** Enter sends (into a running turn); Tab queues behind it. */
export type SubmitMode = "send" | "queue";

export interface ComposerOptions {
  /** `images`: the attached images, each placed after its `[image: …]` chip in `text`. */
  onSubmit(text: string, mode: SubmitMode, images: ChipImage[]): void;
  /** Keys the app handles; `empty`: the input was empty when the key came. */
  onSignal(signal: ComposerSignal, empty: boolean): void;
  /** The workspace: relative image paths are read from it. */
  cwd: string;
  /** Something the person should know (an image too large to attach). */
  onNotice(text: string): void;
  /**
   * Up on an empty input: the last message still waiting to be sent, taken back to edit; null
   * when Up was answered otherwise (a notice), so it recalls nothing.
   */
  takePending?(): ComposedMessage | null | undefined;
}

/** Leftover of an escape sequence Ink did not recognise (e.g. "[27;2;13~"): never typed text. */
const CSI_REMNANT = /^\[[\d;?]*[~A-Za-z]$/;

/**
 * The text being typed, its history, pastes and image chips, and the keys that edit it. Plain
 * state read synchronously, so keys that arrive before a re-render are never lost; the view
 * subscribes to re-render (useSyncExternalStore).
 */
export class ComposerModel {
  private buffer: ComposerBuffer = EMPTY_BUFFER;
  private history: InputHistory = { entries: [], index: 0, draft: "" };
  private pasting = false;
  /** What a bracketed paste brought so far (inserted at its end, maybe as a placeholder). */
  private pasted = "";
  /** Long pastes and attached images, by the placeholder label that stands for them. */
  private readonly placeholders = new Map<string, Placeholder>();
  /** The images of messages sent, by their text, for Up to recall them with their chips. */
  private readonly sentImages = new Map<string, ChipImage[]>();
  private readonly listeners = new Set<() => void>();
  /** Ctrl+R's reverse search, while it is open. */
  private searching: HistorySearch | undefined;
  /** What the last kill cut (Ctrl+U/K/W, Alt+D/Backspace): Ctrl+Y puts it back, after a send too. */
  private killed = "";

  constructor(private readonly options: ComposerOptions) {}

  readonly subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => {
      this.listeners.delete(listener);
    };
  };

  readonly current = (): ComposerBuffer => this.buffer;

  readonly replace = (next: ComposerBuffer): void => {
    this.buffer = next;
    for (const listener of this.listeners) listener();
  };

  /** The reverse search in progress (the view shows its query). */
  readonly search = (): HistorySearch | undefined => this.searching;

  readonly isEmpty = (): boolean => this.buffer.text.length === 0;

  readonly clear = (): void => this.replace(EMPTY_BUFFER);

  /** Put `text` in front of whatever is being typed (one message, lines kept), its chips live again. */
  readonly prepend = (text: string, images: readonly ChipImage[] = []): void => {
    forgetUnused(this.placeholders, `${this.buffer.text}\n${this.killed}`);
    const front = restoreChips(text, images, this.placeholders);
    const draft = this.buffer.text;
    const joined = draft ? `${front}\n${draft}` : front;
    this.replace({ text: joined, cursor: joined.length });
  };

  readonly submit = (mode: SubmitMode = "send") => {
    if (!this.buffer.text.trim()) return;
    this.chipImages();
    const message = composeMessage(this.buffer.text, this.placeholders);
    if (!message.text.trim()) return;
    this.history = remember(this.history, message.text);
    if (message.images.length > 0) this.sentImages.set(message.text, message.images);
    this.placeholders.clear();
    this.replace(EMPTY_BUFFER);
    this.options.onSubmit(message.text, mode, message.images);
  };

  /** A key (or a chunk of keys typed fast, or a paste) for the input. */
  readonly handle = (input: string, key: Key): void => {
    // Bracketed paste: everything between the markers is text, newlines included; a paste
    // never submits. Ink usually hands the markers over alone, but a chunk may hold both.
    const start = input.indexOf("[200~");
    if (start !== -1 && !this.pasting) {
      this.pasting = true;
      this.pasted = "";
      this.handle(input.slice(start + 5), key);
    } else if (this.pasting) this.continuePaste(input, key);
    else this.handleKey(input, key);
  };

  private handleKey(input: string, key: Key) {
    if (this.searching) return this.searchingKey(this.searching, input, key);
    const action = keyAction(input, key);
    if (action) return this.perform(action);
    if (!input || key.ctrl || CSI_REMNANT.test(input)) return;
    if (input.length > 1 && /[\u0000-\u001f\u007f]/.test(input)) return this.typeChunk(input);
    this.type(input);
  }

  private continuePaste(input: string, key: Key) {
    const end = input.indexOf("[201~");
    this.pasted += (end === -1 ? input : input.slice(0, end)).replace(/\r\n?/g, "\n");
    if (end === -1) return;
    this.pasting = false;
    this.insertPaste(this.pasted.replace(/\u001b$/, ""));
    const rest = input.slice(end + 5);
    if (rest) this.handle(rest, key);
  }

  /** Keys typed faster than a render arrive as one chunk ("abc\r", "\u0003\u0003"). */
  private typeChunk(input: string) {
    let text = "";
    for (const ch of input) {
      const action = CONTROL_CHAR_ACTIONS[ch];
      if (action === undefined) {
        if (ch >= " ") text += ch;
        continue;
      }
      if (text) this.type(text);
      text = "";
      this.perform(action);
    }
    if (text) this.type(text);
  }

  /** Image paths in `range` of the input become chips; a path that cannot be sent gets a note. */
  private chipImages(range?: { from: number; to: number }) {
    forgetUnused(this.placeholders, `${this.buffer.text}\n${this.killed}`);
    const chipped = chipImagePaths(this.buffer, this.placeholders, this.options.cwd, range);
    for (const [label, held] of chipped.added) this.placeholders.set(label, held);
    for (const note of chipped.notes) this.options.onNotice(note);
    if (chipped.added.length > 0) this.replace(chipped.buffer);
  }

  /** Insert pasted text: a long paste as one placeholder line, dragged image files as chips. */
  private insertPaste(pasted: string) {
    const text = withoutControls(pasted);
    if (!shouldCollapse(text)) {
      const from = this.buffer.cursor;
      this.replace(insertText(this.buffer, text));
      return this.chipImages({ from, to: from + text.length });
    }
    forgetUnused(this.placeholders, `${this.buffer.text}\n${this.killed}`);
    const label = pasteLabel(text, this.placeholders);
    this.placeholders.set(label, { kind: "paste", text });
    this.replace(insertText(this.buffer, label));
  }

  /** Typed text; a space after an image path makes that path a chip. */
  private type(typed: string) {
    const text = withoutControls(typed);
    this.replace(insertText(this.buffer, text));
    if (!/\s$/.test(text)) return;
    const range = wordEndingAt(this.buffer.text, this.buffer.cursor - 1);
    if (range) this.chipImages(range);
  }

  private startSearch() {
    this.searching = { query: "", draft: this.buffer };
    this.showMatch(this.searching);
  }

  private showMatch(search: HistorySearch) {
    const text =
      search.match === undefined ? search.draft.text : this.history.entries[search.match];
    this.replace(text === undefined ? search.draft : { text, cursor: text.length });
  }

  /** A key while Ctrl+R searches: refine, go older, accept (then maybe handle the key) or cancel. */
  private searchingKey(search: HistorySearch, input: string, key: Key) {
    const result = searchKey(search, this.history.entries, input, key);
    if ("search" in result) {
      this.searching = result.search;
      return this.showMatch(result.search);
    }
    this.searching = undefined;
    if ("cancel" in result) return this.replace(search.draft);
    this.history = { ...this.history, index: this.history.entries.length, draft: "" };
    this.replace(this.buffer);
    if (result.passOn) this.handleKey(input, key);
  }

  private recallHistory(direction: -1 | 1) {
    const recalled = recall(this.history, this.buffer.text, direction);
    if (!recalled) return;
    this.history = recalled.history;
    // A recalled message brings its images back (the draft's chips stay registered).
    const images = this.sentImages.get(recalled.text) ?? [];
    const text = restoreChips(recalled.text, images, this.placeholders);
    this.replace({ text, cursor: text.length });
  }

  private perform(action: KeyAction) {
    const b = this.buffer;
    switch (action) {
      case "submit":
        return this.submit();
      case "queue":
        return this.submit("queue");
      case "newline":
        return this.replace(insertText(b, "\n"));
      case "interrupt":
      case "ctrl_c":
      case "cycle_effort":
      case "cycle_mode":
      case "effort_down":
      case "effort_up":
      case "show_output":
      case "transcript":
        return this.options.onSignal(action, b.text === "");
      case "up":
      case "down": {
        const direction = action === "up" ? -1 : 1;
        const pending = action === "up" && b.text === "" ? this.options.takePending?.() : undefined;
        if (pending === null) return; // answered with a notice
        if (pending) return this.prepend(pending.text, pending.images);
        const moved = moveLine(b, direction);
        return moved ? this.replace(moved) : this.recallHistory(direction);
      }
      case "backspace":
        return this.replace(deletePlaceholderBefore(b, this.placeholders) ?? backspace(b));
      case "search_history":
        return this.startSearch();
      case "yank":
        return this.type(this.killed);
      case "expand_paste": {
        const text = expandPastes(b.text, this.placeholders);
        return this.replace({ text, cursor: text.length });
      }
      default:
        return isKill(action) ? this.kill(action) : this.replace(BUFFER_EDITS[action](b));
    }
  }

  /** Cut what `action` takes (a placeholder whole, never half of it), keeping it for Ctrl+Y. */
  private kill(action: KillAction) {
    const cut = KILLS[action](this.buffer, placeholderSpans(this.buffer.text, this.placeholders));
    if (!cut) return;
    this.killed = cut.killed;
    this.replace(cut.buffer);
  }
}
