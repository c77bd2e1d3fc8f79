/**
 * A reader for Seatbelt's profile language (SBPL, a Scheme dialect) to check profiles on
 * machines without macOS: balanced S-expressions, only operations and filters macOS's own
 * profiles use, and every `(param "X")` defined by exactly one `-DX=value` (and no other).
 */

export type Sexp = string | { str: string } | { regex: string } | Sexp[];

/** The profile's top-level forms; throws on an unbalanced or unterminated text. */
export function readSbpl(text: string): Sexp[] {
  let at = 0;
  const fail = (why: string): never => {
    throw new Error(`SBPL ${why} at offset ${at}: ${JSON.stringify(text.slice(at, at + 40))}`);
  };
  const quoted = (): string => {
    let out = "";
    at += 1;
    while (at < text.length && text[at] !== '"') {
      if (text[at] === "\\") at += 1;
      out += text[at];
      at += 1;
    }
    if (at >= text.length) fail("unterminated string");
    at += 1;
    return out;
  };
  const skip = () => {
    for (;;) {
      while (at < text.length && /\s/.test(text[at] as string)) at += 1;
      if (text[at] !== ";") return;
      while (at < text.length && text[at] !== "\n") at += 1;
    }
  };
  const form = (): Sexp => {
    skip();
    const c = text[at];
    if (c === undefined) return fail("unexpected end");
    if (c === ")") return fail("unbalanced )");
    if (c === "(") {
      at += 1;
      const list: Sexp[] = [];
      for (;;) {
        skip();
        if (at >= text.length) return fail("unclosed (");
        if (text[at] === ")") {
          at += 1;
          return list;
        }
        list.push(form());
      }
    }
    if (c === '"') return { str: quoted() };
    if (c === "#" && text[at + 1] === '"') {
      at += 1;
      return { regex: quoted() };
    }
    const start = at;
    while (at < text.length && !/[\s()";]/.test(text[at] as string)) at += 1;
    return text.slice(start, at);
  };
  const forms: Sexp[] = [];
  for (skip(); at < text.length; skip()) forms.push(form());
  return forms;
}

/** Operations as macOS's profiles name them (/System/Library/Sandbox/Profiles, Chromium's). */
export const KNOWN_OPERATIONS = new Set([
  "default",
  "file*",
  "file-read*",
  "file-read-data",
  "file-read-metadata",
  "file-read-xattr",
  "file-write*",
  "file-write-create",
  "file-write-data",
  "file-write-flags",
  "file-write-mode",
  "file-write-owner",
  "file-write-setugid",
  "file-write-times",
  "file-write-unlink",
  "file-write-xattr",
  "file-ioctl",
  "file-link",
  "file-clone",
  "file-map-executable",
  "file-test-existence",
  "file-issue-extension",
  "process-exec",
  "process-fork",
  "process-info*",
  "process-info-pidinfo",
  "process-info-listpids",
  "signal",
  "sysctl-read",
  "sysctl-write",
  "mach-lookup",
  "mach-register",
  "mach-priv-task-port",
  "ipc-posix-sem",
  "ipc-posix-shm",
  "ipc-posix-shm-read*",
  "ipc-posix-shm-read-data",
  "ipc-posix-shm-write-create",
  "ipc-posix-shm-write-data",
  "ipc-posix-shm-write-unlink",
  "iokit-open",
  "iokit-get-properties",
  "network*",
  "network-bind",
  "network-inbound",
  "network-outbound",
  "system-socket",
  "system-fsctl",
  "user-preference-read",
  "pseudo-tty",
]);

/** Filters and modifiers: the heads of the lists an operation is qualified by. */
export const KNOWN_FILTERS = new Set([
  "literal",
  "subpath",
  "prefix",
  "regex",
  "path",
  "param",
  "require-all",
  "require-any",
  "require-not",
  "target",
  "sysctl-name",
  "sysctl-name-prefix",
  "sysctl-name-regex",
  "global-name",
  "local-name",
  "ipc-posix-name",
  "ipc-posix-name-prefix",
  "ipc-posix-name-regex",
  "iokit-registry-entry-class",
  "iokit-user-client-class",
  "extension",
  "vnode-type",
  "socket-domain",
  "socket-type",
  "remote",
  "local",
  "unix-socket",
  "with",
]);

function visit(form: Sexp, each: (list: Sexp[]) => void): void {
  if (!Array.isArray(form)) return;
  each(form);
  for (const part of form) visit(part, each);
}

/** What is wrong with a profile's forms (empty when nothing is). */
export function sbplProblems(forms: Sexp[]): string[] {
  const problems: string[] = [];
  const [version, ...rules] = forms;
  if (JSON.stringify(version) !== JSON.stringify(["version", "1"])) {
    problems.push(`the profile must start with (version 1), not ${JSON.stringify(version)}`);
  }
  for (const rule of rules) {
    if (!Array.isArray(rule) || (rule[0] !== "allow" && rule[0] !== "deny")) {
      problems.push(`not an allow or deny rule: ${JSON.stringify(rule)}`);
      continue;
    }
    const ops = rule.slice(1).filter((part) => typeof part === "string");
    if (ops.length === 0) problems.push(`a rule without an operation: ${JSON.stringify(rule)}`);
    for (const op of ops) if (!KNOWN_OPERATIONS.has(op)) problems.push(`unknown operation ${op}`);
    if (
      rule
        .slice(1)
        .some((part, i, all) => typeof part === "string" && i > 0 && typeof all[i - 1] !== "string")
    )
      problems.push(`an operation after a filter: ${JSON.stringify(rule)}`);
    for (const filter of rule.slice(1).filter(Array.isArray)) {
      visit(filter, (list) => {
        const head = list[0];
        if (typeof head !== "string" || !KNOWN_FILTERS.has(head))
          problems.push(`unknown filter ${JSON.stringify(head)}`);
      });
    }
  }
  return problems;
}

/** The names of every `(param "X")` in the forms. */
export function paramsUsed(forms: Sexp[]): string[] {
  const used: string[] = [];
  for (const form of forms) {
    visit(form, (list) => {
      const [head, name] = list;
      if (head === "param" && typeof name === "object" && name !== null && "str" in name)
        used.push(name.str);
    });
  }
  return used;
}

/** The `-DNAME=value` definitions of sandbox-exec's arguments, in order. */
export function paramsDefined(args: readonly string[]): Array<[string, string]> {
  return args
    .filter((arg) => arg.startsWith("-D"))
    .map((arg) => {
      const eq = arg.indexOf("=");
      return [arg.slice(2, eq), arg.slice(eq + 1)];
    });
}
