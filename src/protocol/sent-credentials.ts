/**
 * The credentials this process sent to a server, in memory only, and how they are taken out of
 * whatever a server sends back (docs/config.md, "What a server sends back"): each is noted at the
 * moment it goes into a request's headers (the model provider's bearer token, an MCP server's
 * token and credential headers), and every text a server returns is cleaned of it before
 * anything shows, keeps, runs or sends it on. What was taken out reads CREDENTIAL_REMOVED.
 */

/** What stands in for a credential a server sent back: the model and the person see it. */
export const CREDENTIAL_REMOVED = "[credential removed]";

/**
 * Values shorter than this are not taken out: a word or a number that short occurs in ordinary
 * text (a header value such as `password` would blank every such word), and no credential
 * mini-codex sends is that short (API keys are 40+ characters, ChatGPT access tokens hundreds).
 */
const MIN_CREDENTIAL_LENGTH = 12;

/** The value's credential without an auth scheme: `Bearer abc…` → `abc…`. */
function withoutScheme(value: string): string {
  const match = /^(?:bearer|basic|token|bot)\s+(\S+)$/i.exec(value.trim());
  return match?.[1] ?? value.trim();
}

/**
 * Whether a header of this name carries a credential (its value is taken out of what the server
 * sends back): `Authorization`, `X-Api-Key`, `Cookie`, `X-Auth-Token`, a `…-Secret`, and so on.
 */
export function isCredentialHeader(name: string): boolean {
  return /auth|token|key|secret|passw|cookie|credential/i.test(name);
}

/**
 * The forms a credential takes in server text: as sent, and as a JSON string carries it (a
 * tool call's arguments), with `/` escaped too. Longest first, so a credential inside a longer
 * one is replaced as part of that one.
 */
function formsOf(values: Iterable<string>): string[] {
  const forms = new Set<string>();
  for (const value of values) {
    forms.add(value);
    const escaped = JSON.stringify(value).slice(1, -1);
    forms.add(escaped);
    forms.add(escaped.replaceAll("/", "\\/"));
  }
  return [...forms].sort((a, b) => b.length - a.length);
}

/** Keys whose value is opaque (ciphertext the server alone reads): never text, never changed. */
const OPAQUE_KEYS = new Set(["encrypted_content"]);

export class SentCredentials {
  private readonly values = new Set<string>();
  private forms: string[] = [];

  /** Note a credential as it is sent; an auth scheme (`Bearer `) is not part of it. */
  add(value: string | undefined): void {
    if (value === undefined) return;
    const credential = withoutScheme(value);
    if (credential.length < MIN_CREDENTIAL_LENGTH || this.values.has(credential)) return;
    this.values.add(credential);
    this.forms = formsOf(this.values);
  }

  /** Nothing was sent yet: there is nothing to take out. */
  get empty(): boolean {
    return this.forms.length === 0;
  }

  /** `text` with every credential replaced by CREDENTIAL_REMOVED (the same string when none). */
  scrub(text: string): string {
    let out = text;
    for (const form of this.forms) {
      if (out.includes(form)) out = out.split(form).join(CREDENTIAL_REMOVED);
    }
    return out;
  }

  /**
   * How many characters at the end of `text` could be the start of a credential: a stream holds
   * them back until its next delta or its end, so a credential split across deltas is still
   * whole when it is looked for. O(length of the longest credential) per call.
   */
  heldTailLength(text: string): number {
    let earliest = text.length;
    for (const form of this.forms) {
      const first = form.charAt(0);
      let at = text.indexOf(first, Math.max(0, text.length - form.length + 1));
      while (at !== -1 && at < earliest) {
        if (form.startsWith(text.slice(at))) {
          earliest = at;
          break;
        }
        at = text.indexOf(first, at + 1);
      }
    }
    return text.length - earliest;
  }

  /**
   * A JSON-like value with every string scrubbed, copied only where something changed (the same
   * value otherwise). A string that is JSON with `\u` escapes (a tool call's arguments) is also
   * read decoded, so an escaped credential is found and the arguments written again without it.
   */
  scrubValue<T>(value: T): T {
    if (this.empty) return value;
    return this.deep(value) as T;
  }

  private deep(value: unknown): unknown {
    if (typeof value === "string") return this.scrubString(value);
    if (Array.isArray(value)) {
      let out: unknown[] | undefined;
      value.forEach((member, i) => {
        const scrubbed = this.deep(member);
        if (scrubbed !== member) {
          out ??= [...value];
          out[i] = scrubbed;
        }
      });
      return out ?? value;
    }
    if (value === null || typeof value !== "object") return value;
    let out: Record<string, unknown> | undefined;
    for (const [key, member] of Object.entries(value)) {
      if (OPAQUE_KEYS.has(key)) continue;
      const scrubbed = this.deep(member);
      if (scrubbed !== member) {
        out ??= { ...(value as Record<string, unknown>) };
        out[key] = scrubbed;
      }
    }
    return out ?? value;
  }

  private scrubString(text: string): string {
    const out = this.scrub(text);
    if (!out.includes("\\u")) return out;
    const start = out.trimStart().charAt(0);
    if (start !== "{" && start !== "[" && start !== '"') return out;
    let decoded: unknown;
    try {
      decoded = JSON.parse(out);
    } catch {
      return out;
    }
    const scrubbed = this.deep(decoded);
    return scrubbed === decoded ? out : JSON.stringify(scrubbed);
  }
}

/** This process's credentials: every transport and MCP connection notes what it sends here. */
export const sentCredentials = new SentCredentials();
