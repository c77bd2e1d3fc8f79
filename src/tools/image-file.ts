import { closeSync, constants, fstatSync, openSync, readlinkSync, readSync } from "node:fs";
import { extname } from "node:path";

/** Image types the Responses API takes as `input_image`, by file extension. */
const IMAGE_TYPES: Readonly<Record<string, string>> = {
  ".png": "image/png",
  ".jpg": "image/jpeg",
  ".jpeg": "image/jpeg",
  ".gif": "image/gif",
  ".webp": "image/webp",
};

/** The formats by name, for messages. */
export const IMAGE_FORMATS = "PNG, JPEG, GIF or WebP";

/** The largest image sent (the API's own limit is 20 MB per image). */
const MAX_IMAGE_BYTES = 20 * 1024 * 1024;

/**
 * The largest image a tool output carries (view_image, MCP results): 5 MB. It stays in
 * history, so it is re-sent (a third larger as base64) with every full request and written to
 * the session file; 5 MB keeps a few far below the API's 20 MB, and a screenshot is rarely 2 MB.
 */
export const TOOL_IMAGE_MAX_BYTES = 5 * 1024 * 1024;

/** The media type a file's name promises (is this word an image path?); undefined otherwise. */
export function imageMediaType(path: string): string | undefined {
  return IMAGE_TYPES[extname(path).toLowerCase()];
}

/** The same formats by their first bytes: what is sent is what the bytes are, never the name. */
const SIGNATURES: Array<{ mediaType: string; matches(bytes: Uint8Array): boolean }> = [
  {
    mediaType: "image/png",
    matches: (b) => bytesAt(b, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mediaType: "image/jpeg", matches: (b) => bytesAt(b, 0, [0xff, 0xd8, 0xff]) },
  { mediaType: "image/gif", matches: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") },
  { mediaType: "image/webp", matches: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") },
];

function bytesAt(bytes: Uint8Array, at: number, expected: number[]): boolean {
  return expected.every((byte, i) => bytes[at + i] === byte);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  return bytesAt(
    bytes,
    at,
    [...text].map((char) => char.charCodeAt(0)),
  );
}

/** The media type of image bytes the API reads; undefined for anything else. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mediaType;
}

export type ImageFileRead =
  | { ok: true; dataUrl: string; mediaType: string; bytes: number }
  | { ok: false; reason: "not_image" }
  | { ok: false; reason: "not_file" }
  | { ok: false; reason: "unreadable"; code: string }
  | { ok: false; reason: "too_large"; bytes: number; limit: number }
  | { ok: false; reason: "changed" };

/**
 * One image file as a data URL for an `input_image` part (the one encoder: `-i/--image`, the
 * composer's attachments and `view_image` all use it), its type from its bytes: a file that is
 * not an image would fail every later request it is part of. The size is checked before the
 * file is read. Failures are values; the caller words them.
 */
export function readImageFile(path: string, limit = MAX_IMAGE_BYTES): ImageFileRead {
  return readOpenedImage(openForReading(path, 0), limit);
}

/** A file's identity (`stat`'s dev and ino): the same file, whatever path reaches it. */
export interface FileIdentity {
  dev: number;
  ino: number;
}

type Opened = { ok: true; fd: number } | { ok: false; reason: "unreadable"; code: string };

type CheckedOpen = Opened | { ok: false; reason: "changed" };

/**
 * Open the real path a check approved, and only the file checked: `O_NOFOLLOW` refuses a
 * symlink put there since (ELOOP), and an fd whose dev/ino differ from `checked` (a folder on
 * the way swapped) is closed and refused, so what is read is what was checked.
 */
export function openCheckedFile(realPath: string, checked: FileIdentity): CheckedOpen {
  const opened = openForReading(realPath, constants.O_NOFOLLOW);
  if (!opened.ok) return opened;
  try {
    const info = fstatSync(opened.fd);
    const same = info.dev === checked.dev && info.ino === checked.ino;
    if (same && openedAt(opened.fd, realPath) === realPath) return opened;
  } catch (error) {
    closeSync(opened.fd);
    return { ok: false, reason: "unreadable", code: errorCode(error) };
  }
  closeSync(opened.fd);
  return { ok: false, reason: "changed" };
}

/**
 * Where the opened file really is (Linux's /proc/self/fd): a folder on the path swapped for a
 * symlink after the check is followed by open(2) even with O_NOFOLLOW. Without /proc: `expected`.
 */
function openedAt(fd: number, expected: string): string {
  try {
    return readlinkSync(`/proc/self/fd/${fd}`);
  } catch {
    return expected;
  }
}

/** `readImageFile` of a checked real path, opened by `openCheckedFile`. */
export function readCheckedImageFile(
  realPath: string,
  checked: FileIdentity,
  limit = MAX_IMAGE_BYTES,
): ImageFileRead {
  const opened = openCheckedFile(realPath, checked);
  return opened.ok ? readOpenedImage(opened, limit) : opened;
}

function openForReading(path: string, extraFlags: number): Opened {
  try {
    // non-blocking: a named pipe called x.png would otherwise hold the process until a writer came
    return { ok: true, fd: openSync(path, constants.O_RDONLY | constants.O_NONBLOCK | extraFlags) };
  } catch (error) {
    return { ok: false, reason: "unreadable", code: errorCode(error) };
  }
}

/** The image in an opened file (closed here). */
function readOpenedImage(opened: Opened, limit: number): ImageFileRead {
  if (!opened.ok) return opened;
  const { fd } = opened;
  try {
    const info = fstatSync(fd);
    if (!info.isFile()) return { ok: false, reason: "not_file" };
    if (info.size > limit) return { ok: false, reason: "too_large", bytes: info.size, limit };
    // one byte more than stat said: a file that grew meanwhile is refused, never sent cut short
    const buffer = Buffer.alloc(info.size + 1);
    const read = readSync(fd, buffer, 0, buffer.length, 0);
    if (read > info.size) return { ok: false, reason: "unreadable", code: "changed while read" };
    return imageFromBytes(buffer.subarray(0, read), limit);
  } catch (error) {
    return { ok: false, reason: "unreadable", code: errorCode(error) };
  } finally {
    closeSync(fd);
  }
}

/**
 * Image bytes already in memory (an MCP result's `data`) as a data URL, by the same rules as a
 * file: the type from the bytes, at most `limit` bytes.
 */
export function imageFromBytes(bytes: Buffer, limit = MAX_IMAGE_BYTES): ImageFileRead {
  if (bytes.length > limit) return { ok: false, reason: "too_large", bytes: bytes.length, limit };
  const mediaType = sniffImageType(bytes);
  if (!mediaType) return { ok: false, reason: "not_image" };
  const dataUrl = `data:${mediaType};base64,${bytes.toString("base64")}`;
  return { ok: true, dataUrl, mediaType, bytes: bytes.length };
}

function errorCode(error: unknown): string {
  return (error as NodeJS.ErrnoException).code ?? "unreadable";
}

/** `5 MB` for a whole number of MB, else `70 bytes`. */
export function sizeText(bytes: number): string {
  const mb = bytes / (1024 * 1024);
  return Number.isInteger(mb) ? `${mb} MB` : `${bytes} bytes`;
}

/** Why a file was not taken, in words for the person ("cannot read it (ENOENT)"). */
export function imageReadProblem(read: Exclude<ImageFileRead, { ok: true }>): string {
  switch (read.reason) {
    case "not_image":
      return `not an image type the model takes (${IMAGE_FORMATS})`;
    case "not_file":
      return "not a file";
    case "unreadable":
      return `cannot read it (${read.code})`;
    case "too_large":
      return `${read.bytes} bytes, more than ${sizeText(read.limit)}`;
    case "changed":
      return "it changed since it was checked (not the file that was checked)";
  }
}
