/**
 * Images as the Responses API takes them in `input_image` parts: a base64 data URL whose media
 * type comes from the file's own bytes (one encoder for `-i/--image`, the composer and
 * `view_image`; docs/protocol.md, "Images").
 */

/** The image formats the API reads, by their leading bytes ("magic numbers"). */
const SIGNATURES: Array<{ mediaType: string; matches(bytes: Uint8Array): boolean }> = [
  {
    mediaType: "image/png",
    matches: (b) => startsWith(b, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  },
  { mediaType: "image/jpeg", matches: (b) => startsWith(b, [0xff, 0xd8, 0xff]) },
  { mediaType: "image/gif", matches: (b) => ascii(b, 0, "GIF87a") || ascii(b, 0, "GIF89a") },
  { mediaType: "image/webp", matches: (b) => ascii(b, 0, "RIFF") && ascii(b, 8, "WEBP") },
];

/** The formats named in errors, in the order above. */
export const IMAGE_FORMATS = "PNG, JPEG, GIF or WebP";

function startsWith(bytes: Uint8Array, prefix: number[]): boolean {
  return prefix.every((byte, i) => bytes[i] === byte);
}

function ascii(bytes: Uint8Array, at: number, text: string): boolean {
  return [...text].every((char, i) => bytes[at + i] === char.charCodeAt(0));
}

/** The media type of an image by its bytes; undefined when it is not a format the API reads. */
export function sniffImageType(bytes: Uint8Array): string | undefined {
  return SIGNATURES.find((signature) => signature.matches(bytes))?.mediaType;
}

/** An image file's bytes as an `input_image` data URL with its media type. */
export interface EncodedImage {
  dataUrl: string;
  mediaType: string;
  bytes: number;
}

/** The data URL of an image, or undefined when its bytes are not an image the API reads. */
export function encodeImage(bytes: Buffer): EncodedImage | undefined {
  const mediaType = sniffImageType(bytes);
  if (!mediaType) return undefined;
  return {
    dataUrl: `data:${mediaType};base64,${bytes.toString("base64")}`,
    mediaType,
    bytes: bytes.length,
  };
}

/** What a data URL holds: its media type and decoded size (undefined: not a data URL). */
export function dataUrlFacts(url: string): { mediaType: string; bytes: number } | undefined {
  const data = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
  if (!data) return undefined;
  const body = data[3] ?? "";
  const bytes = data[2] ? Buffer.from(body, "base64").length : decodeURIComponent(body).length;
  return { mediaType: data[1] ?? "", bytes };
}

/** How an image is named wherever its bytes are not shown: `[image: a.png, image/png, 67 bytes]`. */
export function imageLabel(name: string, mediaType: string, bytes: number): string {
  return `[image: ${name}, ${mediaType}, ${bytes} bytes]`;
}
