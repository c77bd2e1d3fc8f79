import { createHash } from "node:crypto";
import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { dirname } from "node:path";
import type { HookHandler } from "./hook-config.js";

/** The hash trust is recorded by: the event, matcher, command and timeout (a changed hook asks again). */
export function hookHash(handler: HookHandler): string {
  const { event, matcher, command, timeoutSec } = handler;
  const key = JSON.stringify([event, matcher ?? null, command, timeoutSec]);
  return createHash("sha256").update(key).digest("hex");
}

/**
 * The hooks the person trusted (`$MINI_CODEX_HOME/trusted-hooks.json`: a list of hashes).
 * An unreadable file trusts nothing.
 */
export class HookTrust {
  private readonly trusted: Set<string>;

  constructor(private readonly file: string) {
    let hashes: unknown = [];
    try {
      hashes = JSON.parse(readFileSync(file, "utf8"));
    } catch {
      // nothing trusted yet
    }
    this.trusted = new Set(
      Array.isArray(hashes) ? hashes.filter((h) => typeof h === "string") : [],
    );
  }

  isTrusted(handler: HookHandler): boolean {
    return this.trusted.has(hookHash(handler));
  }

  trust(handlers: readonly HookHandler[]): void {
    for (const handler of handlers) this.trusted.add(hookHash(handler));
    mkdirSync(dirname(this.file), { recursive: true, mode: 0o700 });
    writeFileSync(this.file, `${JSON.stringify([...this.trusted].sort(), null, 2)}\n`, {
      mode: 0o600,
    });
  }
}
