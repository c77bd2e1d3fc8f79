import type { Key } from "ink";
import { useCallback, useRef, useState } from "react";
import {
  backspace,
  type ComposerBuffer,
  deleteWordBefore,
  EMPTY_BUFFER,
  type InputHistory,
  insertText,
  lineEnd,
  lineStart,
  moveLeft,
  moveLine,
  moveRight,
  recall,
  remember,
} from "./composer-buffer.js";
import { chipImagePaths, wordEndingAt } from "./image-chips.js";
import { CONTROL_CHAR_ACTIONS, type KeyAction, keyAction } from "./keymap.js";
import {
  type ChipImage,
  composeMessage,
  deletePlaceholderBefore,
  expandPastes,
  forgetUnused,
  type Placeholder,
  pasteLabel,
  restoreChips,
  shouldCollapse,
} from "./paste-collapse.js";

export type ComposerSignal = "interrupt" | "ctrl_c" | "cycle_effort" | "show_output" | "transcript";

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
}

/** Leftover of an escape sequence Ink did not recognise (e.g. "[27;2;13~"): never typed text. */
const CSI_REMNANT = /^\[[\d;?]*[~A-Za-z]$/;

/**
 * The composer's key handling (the app routes keys to it). The buffer lives in a ref so keys
 * that arrive before a re-render are never lost; a counter only triggers the re-render.
 */
export function useComposer({ onSubmit, onSignal, cwd, onNotice }: ComposerOptions) {
  const buffer = useRef<ComposerBuffer>(EMPTY_BUFFER);
  const history = useRef<InputHistory>({ entries: [], index: 0, draft: "" });
  const pasting = useRef(false);
  /** What a bracketed paste brought so far (inserted at its end, maybe as a placeholder). */
  const pasted = useRef("");
  /** Long pastes and attached images, by the placeholder label that stands for them. */
  const placeholders = useRef(new Map<string, Placeholder>());
  /** The images of messages sent, by their text, for Up to recall them with their chips. */
  const sentImages = useRef(new Map<string, ChipImage[]>());
  const [, setVersion] = useState(0);

  const set = useCallback((next: ComposerBuffer) => {
    buffer.current = next;
    setVersion((v) => v + 1);
  }, []);

  /** Image paths in `range` of the input become chips; a path that cannot be sent gets a note. */
  const chipImages = useCallback(
    (range?: { from: number; to: number }) => {
      forgetUnused(placeholders.current, buffer.current.text);
      const chipped = chipImagePaths(buffer.current, placeholders.current, cwd, range);
      for (const [label, held] of chipped.added) placeholders.current.set(label, held);
      for (const note of chipped.notes) onNotice(note);
      if (chipped.added.length > 0) set(chipped.buffer);
    },
    [cwd, onNotice, set],
  );

  const submit = useCallback(
    (mode: SubmitMode = "send") => {
      if (!buffer.current.text.trim()) return;
      chipImages();
      const message = composeMessage(buffer.current.text, placeholders.current);
      if (!message.text.trim()) return;
      history.current = remember(history.current, message.text);
      if (message.images.length > 0) sentImages.current.set(message.text, message.images);
      placeholders.current.clear();
      set(EMPTY_BUFFER);
      onSubmit(message.text, mode, message.images);
    },
    [chipImages, onSubmit, set],
  );

  /** Insert pasted text: a long paste as one placeholder line, dragged image files as chips. */
  const insertPaste = useCallback(
    (text: string) => {
      if (!shouldCollapse(text)) {
        const from = buffer.current.cursor;
        set(insertText(buffer.current, text));
        return chipImages({ from, to: from + text.length });
      }
      forgetUnused(placeholders.current, buffer.current.text);
      const label = pasteLabel(text, placeholders.current);
      placeholders.current.set(label, { kind: "paste", text });
      set(insertText(buffer.current, label));
    },
    [chipImages, set],
  );

  /** Typed text; a space after an image path makes that path a chip. */
  const type = useCallback(
    (text: string) => {
      set(insertText(buffer.current, text));
      if (!/\s$/.test(text)) return;
      const range = wordEndingAt(buffer.current.text, buffer.current.cursor - 1);
      if (range) chipImages(range);
    },
    [chipImages, set],
  );

  const recallHistory = useCallback(
    (direction: -1 | 1) => {
      const recalled = recall(history.current, buffer.current.text, direction);
      if (!recalled) return;
      history.current = recalled.history;
      // A recalled message brings its images back (the draft's chips stay registered).
      const images = sentImages.current.get(recalled.text) ?? [];
      const text = restoreChips(recalled.text, images, placeholders.current);
      set({ text, cursor: text.length });
    },
    [set],
  );

  const perform = useCallback(
    (action: KeyAction) => {
      const b = buffer.current;
      switch (action) {
        case "submit":
          return submit();
        case "queue":
          return submit("queue");
        case "newline":
          return set(insertText(b, "\n"));
        case "interrupt":
        case "ctrl_c":
        case "cycle_effort":
        case "show_output":
        case "transcript":
          return onSignal(action, b.text === "");
        case "up":
        case "down": {
          const direction = action === "up" ? -1 : 1;
          const moved = moveLine(b, direction);
          return moved ? set(moved) : recallHistory(direction);
        }
        case "left":
          return set(moveLeft(b));
        case "right":
          return set(moveRight(b));
        case "home":
          return set(lineStart(b));
        case "end":
          return set(lineEnd(b));
        case "backspace":
          return set(deletePlaceholderBefore(b, placeholders.current) ?? backspace(b));
        case "expand_paste": {
          const text = expandPastes(b.text, placeholders.current);
          return set({ text, cursor: text.length });
        }
        case "delete_word":
          return set(deleteWordBefore(b));
        case "clear_line":
          return set(EMPTY_BUFFER);
      }
    },
    [onSignal, recallHistory, set, submit],
  );

  const handle = useCallback(
    function handle(input: string, key: Key) {
      // Bracketed paste: everything between the markers is text, newlines included; a paste
      // never submits. Ink usually hands the markers over alone, but a chunk may hold both.
      const start = input.indexOf("[200~");
      if (start !== -1 && !pasting.current) {
        pasting.current = true;
        pasted.current = "";
        handle(input.slice(start + 5), key);
        return;
      }
      if (pasting.current) {
        const end = input.indexOf("[201~");
        pasted.current += (end === -1 ? input : input.slice(0, end)).replace(/\r\n?/g, "\n");
        if (end === -1) return;
        pasting.current = false;
        insertPaste(pasted.current.replace(/\u001b$/, ""));
        const rest = input.slice(end + 5);
        if (rest) handle(rest, key);
        return;
      }
      const action = keyAction(input, key);
      if (action) return perform(action);
      if (!input || key.ctrl || CSI_REMNANT.test(input)) return;
      if (input.length > 1 && /[\r\n]/.test(input) && !/^[^\r\n]*\r$/.test(input)) {
        // A multi-line chunk outside bracketed paste is a paste too: its newlines are text.
        return insertPaste(input.replace(/\r\n?/g, "\n"));
      }
      if (input.length > 1 && /[\u0000-\u001f\u007f]/.test(input)) {
        // Keys typed faster than a render arrive as one chunk ("abc\r", "\u0003\u0003").
        let text = "";
        for (const ch of input) {
          const action = CONTROL_CHAR_ACTIONS[ch];
          if (action === undefined) {
            if (ch >= " ") text += ch;
            continue;
          }
          if (text) type(text);
          text = "";
          perform(action);
        }
        if (text) type(text);
        return;
      }
      type(input);
    },
    [perform, type, insertPaste],
  );

  const clear = useCallback(() => set(EMPTY_BUFFER), [set]);
  /** Put `text` in front of whatever is being typed (one message, lines kept), its chips live again. */
  const prepend = useCallback(
    (text: string, images: readonly ChipImage[] = []) => {
      forgetUnused(placeholders.current, buffer.current.text);
      const front = restoreChips(text, images, placeholders.current);
      const draft = buffer.current.text;
      const joined = draft ? `${front}\n${draft}` : front;
      set({ text: joined, cursor: joined.length });
    },
    [set],
  );
  /** Read from the ref: true even for keys that arrived before the last re-render. */
  const isEmpty = useCallback(() => buffer.current.text.length === 0, []);
  const current = useCallback(() => buffer.current, []);
  return { buffer: buffer.current, clear, prepend, handle, isEmpty, current, replace: set, submit };
}
