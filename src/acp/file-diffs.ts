import { isAbsolute, resolve } from "node:path";
import type { Diff } from "@agentclientprotocol/sdk";
import type { FileChange } from "../tools/index.js";

// A patch's file change as ACP's `diff` content: the file's absolute path, its old text and its
// new text. Built from the change's unified diff (pure, no file read): an added or deleted file
// whole; an update as its hunks, one after another, with a `⋮` line where unchanged lines were
// left out (the same line on both sides, so it shows as context).

const GAP = "⋮";

interface Sides {
  old: string[];
  new: string[];
}

function sides(diff: string): Sides {
  const out: Sides = { old: [], new: [] };
  let inHunk = false;
  for (const line of diff.split("\n")) {
    if (line.startsWith("@@")) {
      if (inHunk || out.old.length > 0 || out.new.length > 0) {
        out.old.push(GAP);
        out.new.push(GAP);
      }
      inHunk = true;
      continue;
    }
    if (!inHunk) continue;
    const mark = line[0];
    const body = line.slice(1);
    if (mark === " ") {
      out.old.push(body);
      out.new.push(body);
    } else if (mark === "-") out.old.push(body);
    else if (mark === "+") out.new.push(body);
    else if (line.startsWith("…")) {
      // the display diff's cap: what follows is counted, not listed
      out.old.push(line);
      out.new.push(line);
    }
  }
  return out;
}

const joined = (lines: string[]) => (lines.length === 0 ? "" : `${lines.join("\n")}\n`);

/** One file of a patch as an ACP diff; `cwd` resolves the patch's relative paths. */
export function fileDiff(change: FileChange, cwd: string): Diff {
  const shown = change.movePath ?? change.path;
  const path = isAbsolute(shown) ? shown : resolve(cwd, shown);
  const { old, new: now } = sides(change.diff ?? "");
  if (change.kind === "add") {
    return { path, oldText: old.length > 0 ? joined(old) : null, newText: joined(now) };
  }
  if (change.kind === "delete") return { path, oldText: joined(old), newText: "" };
  return { path, oldText: joined(old), newText: joined(now) };
}
