import type { Key } from "ink";
import { useCallback, useRef, useState } from "react";
import type { Skill } from "../../session/index.js";
import type { SlashCommand } from "../commands/index.js";
import type { ComposerBuffer } from "../model/index.js";
import {
  applyCompletion,
  type CompletionItem,
  type CompletionToken,
  completionAt,
} from "./completion.js";
import { listWorkspaceFiles } from "./file-index.js";
import type { FileMatcher } from "./file-matcher.js";

/** Rows the popup shows at most. */
export const POPUP_ROWS = 8;

export interface CompletionView {
  token: CompletionToken;
  items: CompletionItem[];
  index: number;
  /** The file list is still being read. */
  loading: boolean;
}

interface CompletionOptions {
  cwd: string;
  commands: readonly SlashCommand[];
  /** The session's skills, for `$name`. */
  skills: readonly Skill[];
  current(): ComposerBuffer;
  replace(buffer: ComposerBuffer): void;
  submit(): void;
}

/** Slash commands matching what was typed: prefix matches first, then the rest containing it. */
function slashItems(commands: readonly SlashCommand[], query: string): CompletionItem[] {
  const q = query.toLowerCase();
  const byPrefix = commands.filter((c) => c.name.startsWith(q));
  const containing = commands.filter((c) => !c.name.startsWith(q) && c.name.includes(q));
  return [...byPrefix, ...containing].map((c) => ({
    value: c.name,
    detail: `${c.args ? `${c.args}  ` : ""}${c.description}`,
  }));
}

/**
 * The `/` and `@` popups over the composer: what they offer for the token under the cursor,
 * and the keys they take while open (Up/Down, Tab, Enter, Esc; Ctrl+R re-reads the files).
 */
export function useCompletion(options: CompletionOptions) {
  const matcher = useRef<FileMatcher | undefined>(undefined);
  const loading = useRef(false);
  const index = useRef(0);
  const lastQuery = useRef<string | undefined>(undefined);
  const dismissed = useRef<string | undefined>(undefined);
  const [, setVersion] = useState(0);
  const rerender = useCallback(() => setVersion((v) => v + 1), []);
  const optionsRef = useRef(options);
  optionsRef.current = options;

  // The file list is read once per session, at the first `@` (and again on Ctrl+R).
  const loadFiles = useCallback(() => {
    if (loading.current) return;
    loading.current = true;
    // the matcher (and fzf) loads with the list: nothing of it runs before the first frame
    const matching = import("./file-matcher.js");
    void Promise.all([listWorkspaceFiles(optionsRef.current.cwd), matching])
      .then(([files, { FileMatcher }]) => {
        matcher.current = new FileMatcher(files);
      })
      .catch(() =>
        matching.then(
          ({ FileMatcher }) => {
            matcher.current = new FileMatcher([]);
          },
          () => {},
        ),
      )
      .finally(() => {
        loading.current = false;
        rerender();
      });
  }, [rerender]);

  const view = (buffer: ComposerBuffer): CompletionView | undefined => {
    const token = completionAt(buffer);
    if (!token) return undefined;
    if (dismissed.current === `${token.kind}:${token.start}:${token.query}`) return undefined;
    if (token.query !== lastQuery.current) {
      lastQuery.current = token.query;
      index.current = 0;
    }
    let items: CompletionItem[];
    if (token.kind === "slash") items = slashItems(optionsRef.current.commands, token.query);
    else if (token.kind === "skill") items = skillItems(optionsRef.current.skills, token.query);
    else {
      if (!matcher.current) loadFiles();
      items = matcher.current?.match(token.query, POPUP_ROWS) ?? [];
    }
    if (items.length === 0 && !(token.kind === "file" && loading.current)) return undefined;
    index.current = Math.min(index.current, Math.max(0, items.length - 1));
    return { token, items, index: index.current, loading: loading.current };
  };

  /** True when the key was the popup's. */
  const handle = (input: string, key: Key): boolean => {
    const { current, replace, submit } = optionsRef.current;
    const open = view(current());
    if (!open) return false;
    const chosen = open.items[open.index];
    if (key.escape) {
      dismissed.current = `${open.token.kind}:${open.token.start}:${open.token.query}`;
      rerender();
      return true;
    }
    if (key.ctrl && input === "r" && open.token.kind === "file") {
      matcher.current = undefined;
      loadFiles();
      return true;
    }
    if (key.upArrow || key.downArrow) {
      const n = Math.max(1, open.items.length);
      index.current = (open.index + (key.upArrow ? n - 1 : 1)) % n;
      rerender();
      return true;
    }
    if ((key.tab || key.return) && chosen) {
      replace(applyCompletion(current(), open.token, chosen.value));
      // Enter on a command runs it, as typed out in full.
      if (key.return && open.token.kind === "slash") submit();
      return true;
    }
    return false;
  };

  /** A new session re-reads the files at its first `@`. */
  const reset = useCallback(() => {
    matcher.current = undefined;
  }, []);

  return { view, handle, reset };
}

/** Skills matching what was typed after `$`: prefix matches first, then the rest containing it. */
function skillItems(skills: readonly Skill[], query: string): CompletionItem[] {
  const q = query.toLowerCase();
  const name = (skill: Skill) => skill.name.toLowerCase();
  const byPrefix = skills.filter((s) => name(s).startsWith(q));
  const containing = skills.filter((s) => !name(s).startsWith(q) && name(s).includes(q));
  return [...byPrefix, ...containing].map((s) => ({ value: s.name, detail: s.description }));
}
