/**
 * What an `input_image` data URL holds, and how an image is named wherever its bytes are not
 * shown (docs/protocol.md, "Images"). The encoder itself is `tools/image-file.ts`.
 */

/** The media type and decoded size of a data URL (undefined: not a data URL). */
export function dataUrlFacts(url: string): { mediaType: string; bytes: number } | undefined {
  const data = /^data:([^;,]+)(;base64)?,(.*)$/s.exec(url);
  if (!data) return undefined;
  const body = data[3] ?? "";
  const bytes = data[2] ? Buffer.from(body, "base64").length : decodeURIComponent(body).length;
  return { mediaType: data[1] ?? "", bytes };
}

/** `[image: a.png, image/png, 70 bytes]`. */
export function imageLabel(name: string, mediaType: string, bytes: number): string {
  return `[image: ${name}, ${mediaType}, ${bytes} bytes]`;
}

/**
 * What a sent message says before an attached image: its path, so the model knows which file
 * it is (`-i/--image` and the composer; the composer's chip shows only the name).
 */
export function imageMention(path: string): string {
  return `[image: ${path}]`;
}
