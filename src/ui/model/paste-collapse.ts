import type { MessageImage } from "../../protocol/index.js";
import { imageMention } from "../../protocol/index.js";
import { groupedNumber, withoutControls } from "../../text/index.js";
import type { ComposerBuffer } from "./composer-buffer.js";

/** A paste longer than this (characters or lines) shows as one placeholder in the composer. */
const COLLAPSE_CHARS = 1000;
const COLLAPSE_LINES = 10;

/**
 * What a placeholder in the input stands for: a long paste (sent in full) or an attached image
 * (sent as an `input_image` part where its chip stands, after `[image: <path>]` in the text).
 * `path` is the file as the message names it (workspace-relative when inside, else absolute).
 */
export type Placeholder =
  | { kind: "paste"; text: string }
  | { kind: "image"; dataUrl: string; name: string; path: string };

/** Placeholder label (`[Pasted 9 192 chars]`, `[image: a.png]`) → what it stands for. */
type Placeholders = ReadonlyMap<string, Placeholder>;

/** An image of a sent message: where it goes, and the chip it came from (to put it back). */
export interface ChipImage extends MessageImage {
  at: number;
  label: string;
  name: string;
  path: string;
}

/** A message as sent: pastes expanded, images placed after their chips. */
export interface ComposedMessage {
  text: string;
  images: ChipImage[];
}

export function shouldCollapse(text: string): boolean {
  return text.length > COLLAPSE_CHARS || text.split("\n").length > COLLAPSE_LINES;
}

/** `base]`, or `base #2]`, `base #3]` … when that label is already in use. */
function uniqueLabel(base: string, placeholders: Placeholders): string {
  let label = `${base}]`;
  for (let n = 2; placeholders.has(label); n++) label = `${base} #${n}]`;
  return label;
}

/** `[Pasted 9 192 chars]`, with `#2`, `#3` … when the same label is already in use. */
export function pasteLabel(text: string, placeholders: Placeholders): string {
  const size = groupedNumber(text.length).replaceAll(",", " ");
  return uniqueLabel(`[Pasted ${size} chars`, placeholders);
}

/** `[image: name.png]`, with `#2` … for a second image of the same name. */
export function imageLabel(name: string, placeholders: Placeholders): string {
  return uniqueLabel(`[image: ${name}`, placeholders);
}

/** The text with every paste placeholder replaced by what was pasted (image chips stay). */
export function expandPastes(text: string, placeholders: Placeholders): string {
  let out = text;
  for (const [label, held] of placeholders) {
    if (held.kind === "paste") out = out.replaceAll(label, held.text);
  }
  return out;
}

/** Where each placeholder label occurs in `text`, in order (labels never overlap). */
export function placeholderSpans(text: string, placeholders: Placeholders) {
  const spans: { start: number; end: number; label: string; held: Placeholder }[] = [];
  for (const [label, held] of placeholders) {
    for (let at = text.indexOf(label); at !== -1; at = text.indexOf(label, at + label.length)) {
      spans.push({ start: at, end: at + label.length, label, held });
    }
  }
  return spans.sort((a, b) => a.start - b.start);
}

/**
 * The message as sent: pastes expanded, each image chip as its path and its image after it;
 * no control character gets through (the one place the composer's text becomes a message).
 */
export function composeMessage(text: string, placeholders: Placeholders): ComposedMessage {
  let out = "";
  let from = 0;
  const images: ChipImage[] = [];
  const sent = new Set<string>();
  for (const { start, end, label, held } of placeholderSpans(text, placeholders)) {
    if (start < from) continue;
    out += withoutControls(text.slice(from, start));
    from = end;
    if (held.kind === "paste") {
      out += withoutControls(held.text);
      continue;
    }
    out += imageMention(held.path);
    // A chip copied twice is still one image.
    if (!sent.has(label))
      images.push({ url: held.dataUrl, at: out.length, label, name: held.name, path: held.path });
    sent.add(label);
  }
  return { text: out + withoutControls(text.slice(from)), images };
}

/** Several messages as one (queued ones going back to the input), one per line. */
export function joinMessages(messages: readonly ComposedMessage[]): ComposedMessage {
  let text = "";
  const images: ChipImage[] = [];
  for (const message of messages) {
    if (text) text += "\n";
    for (const image of message.images) images.push({ ...image, at: image.at + text.length });
    text += message.text;
  }
  return { text, images };
}

/**
 * Register a sent message's images again (a queued message given back, a recalled one) and
 * return its text; a chip whose label now names another image is renamed (`#2`).
 */
export function restoreChips(
  text: string,
  images: readonly ChipImage[],
  placeholders: Map<string, Placeholder>,
): string {
  let out = text;
  // Right to left, so the earlier chips' offsets hold while a later one is renamed.
  for (const image of [...images].sort((a, b) => b.at - a.at)) {
    const held = placeholders.get(image.label);
    const free = !held || (held.kind === "image" && held.dataUrl === image.url);
    const label = free ? image.label : imageLabel(image.name, placeholders);
    const mention = imageMention(image.path).length;
    out = out.slice(0, image.at - mention) + label + out.slice(image.at);
    const { url: dataUrl, name, path } = image;
    placeholders.set(label, { kind: "image", dataUrl, name, path });
  }
  return out;
}

/** Labels no longer in the input free their name (a deleted chip's `#2` is reused). */
export function forgetUnused(placeholders: Map<string, Placeholder>, text: string): void {
  for (const label of [...placeholders.keys()]) {
    if (!text.includes(label)) placeholders.delete(label);
  }
}

/** Backspace right after a placeholder removes all of it (it is one thing to the person). */
export function deletePlaceholderBefore(
  buffer: ComposerBuffer,
  placeholders: Placeholders,
): ComposerBuffer | undefined {
  const before = buffer.text.slice(0, buffer.cursor);
  for (const label of placeholders.keys()) {
    if (before.endsWith(label)) {
      const start = buffer.cursor - label.length;
      return { text: before.slice(0, start) + buffer.text.slice(buffer.cursor), cursor: start };
    }
  }
  return undefined;
}
