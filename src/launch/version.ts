import { readFileSync } from "node:fs";

let cached: string | undefined;

/** The package version, read from package.json at run time (src/cli and dist/cli sit at the same depth). */
export function packageVersion(): string {
  if (cached) return cached;
  try {
    const raw = readFileSync(new URL("../../package.json", import.meta.url), "utf8");
    const parsed = JSON.parse(raw) as { version?: unknown };
    cached = typeof parsed.version === "string" ? parsed.version : "0.0.0";
  } catch {
    cached = "0.0.0";
  }
  return cached;
}
