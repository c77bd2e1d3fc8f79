import type { DiffConsumer, PatchPreview, ToolEvent } from "../types.js";
import { classifyHeaderLine, classifyPatchLine, type PatchLine } from "./lines.js";

type PreviewFile = PatchPreview["files"][number];

interface PatchStreamOptions {
  /** Receives previews: at most one per `throttleMs`, and always the last one on finish(). */
  onPreview(preview: PatchPreview): void;
  /** Injected clock in milliseconds (tests drive it by hand). */
  now?: () => number;
  throttleMs?: number;
}

const PREVIEW_THROTTLE_MS = 100;

/**
 * Streaming preview parser for apply_patch input. It consumes arbitrary chunks, looks only at
 * complete lines and keeps running counts, so total work is linear in the input.
 */
export class PatchStreamParser {
  private partial = "";
  private state: "before" | "body" | "after" = "before";
  private readonly files: PreviewFile[] = [];
  private current: PreviewFile | undefined;
  private hunk = "";
  private dirty = false;
  private finished = false;
  private lastEmit = Number.NEGATIVE_INFINITY;
  private readonly now: () => number;
  private readonly throttleMs: number;

  constructor(private readonly options: PatchStreamOptions) {
    this.now = options.now ?? Date.now;
    this.throttleMs = options.throttleMs ?? PREVIEW_THROTTLE_MS;
  }

  push(delta: string): void {
    if (this.finished || delta === "") return;
    let start = 0;
    for (let nl = delta.indexOf("\n"); nl >= 0; nl = delta.indexOf("\n", start)) {
      const piece = delta.slice(start, nl);
      const line = this.partial === "" ? piece : this.partial + piece;
      this.partial = "";
      this.onLine(line);
      start = nl + 1;
    }
    if (start < delta.length) this.partial += start === 0 ? delta : delta.slice(start);
    if (this.dirty) {
      const now = this.now();
      if (now - this.lastEmit >= this.throttleMs) this.emit(now);
    }
  }

  /** Take the last partial line as complete and deliver the final preview. */
  finish(): PatchPreview {
    if (!this.finished) {
      if (this.partial !== "") this.onLine(this.partial);
      this.partial = "";
      this.finished = true;
      this.emit(this.now());
    }
    return this.snapshot();
  }

  snapshot(): PatchPreview {
    return {
      files: this.files.map((file) => ({ ...file })),
      currentHunk: this.hunk,
      done: this.finished,
    };
  }

  private emit(now: number): void {
    this.lastEmit = now;
    this.dirty = false;
    this.options.onPreview(this.snapshot());
  }

  private onLine(raw: string): void {
    const line = this.classify(raw);
    if (this.state === "before") {
      if (line.kind === "begin") this.state = "body";
      return;
    }
    if (this.state === "after") return;
    this.dirty = true;
    switch (line.kind) {
      case "begin":
      case "eof":
        return;
      case "end":
        this.state = "after";
        return;
      case "add":
      case "delete":
      case "update":
        this.current = { path: line.path, kind: line.kind, linesAdded: 0, linesRemoved: 0 };
        this.files.push(this.current);
        this.hunk = "";
        return;
      case "move":
        if (this.current?.kind === "update" || this.current?.kind === "move") {
          this.current.kind = "move";
          this.current.movePath = line.path;
        }
        return;
      case "hunk":
        this.hunk = `${raw.replace(/\r$/, "")}\n`;
        return;
      case "text":
        this.onText(line.text);
        return;
    }
  }

  /** As the full parser: hunk lines stay hunk lines; elsewhere a header may be indented. */
  private classify(raw: string): PatchLine {
    const kind = this.state === "body" ? this.current?.kind : undefined;
    if (kind === "update" || kind === "move") {
      const marker = raw[0];
      if (marker === " " || marker === "+" || marker === "-")
        return { kind: "text", text: raw.endsWith("\r") ? raw.slice(0, -1) : raw };
    }
    return this.state === "body" ? classifyHeaderLine(raw) : classifyPatchLine(raw);
  }

  private onText(text: string): void {
    const file = this.current;
    if (!file || file.kind === "delete") return;
    const marker = text[0];
    if (marker === "+") file.linesAdded += 1;
    else if (marker === "-" && file.kind !== "add") file.linesRemoved += 1;
    this.hunk += `${text}\n`;
  }
}

/** apply_patch's diff consumer: previews become `patch_preview` events. */
export function createPatchDiffConsumer(
  callId: string,
  emit: (event: ToolEvent) => void,
  options: { now?: () => number; throttleMs?: number } = {},
): DiffConsumer {
  const parser = new PatchStreamParser({
    ...options,
    onPreview: (preview) => emit({ type: "patch_preview", callId, preview }),
  });
  return {
    push: (delta) => parser.push(delta),
    finish: () => {
      parser.finish();
    },
  };
}
