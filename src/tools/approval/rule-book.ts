import { appendFileSync, mkdirSync, readdirSync, readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import {
  canSaveAllowRule,
  type PrefixRule,
  parseRules,
  prefixRuleText,
  type RuleDecision,
} from "./rules.js";

/** Where rules come from: the person's folder (read, written) and the project's (read). */
interface RuleFolders {
  /** `$MINI_CODEX_HOME/rules`: "always" answers are appended to `default.rules` here. */
  user: string;
  /** `<project>/.codex/rules`: read only; its allow rules are not honoured (docs/config.md). */
  project?: string;
  /**
   * The Codex CLI's `rules/` when config.toml is read from its home: the person's own rules
   * (Codex's "always" answers), honoured as theirs; removed only with the Codex CLI.
   */
  codex?: string;
}

/** A rule as /permissions lists it. */
export interface ListedRule extends PrefixRule {
  /** Whether /permissions may remove it (the person's own folder only). */
  removable: boolean;
  /** An allow rule of the project's folder: listed, not honoured. */
  ignored: boolean;
}

function rulesFiles(dir: string): string[] {
  try {
    return readdirSync(dir)
      .filter((name) => name.endsWith(".rules"))
      .sort()
      .map((name) => join(dir, name));
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === "ENOENT") return [];
    throw error;
  }
}

function readFolder(dir: string | undefined): PrefixRule[] {
  if (!dir) return [];
  return rulesFiles(dir).flatMap((file) => parseRules(file, readFileSync(file, "utf8")));
}

/**
 * The rules on disk for one session: read once at start (a malformed file is an error naming
 * file:line:column), "always" answers appended as readable allow rules, removals rewrite
 * the file without that rule's text.
 */
export class RuleBook {
  private user: PrefixRule[];
  private readonly codex: PrefixRule[];
  private readonly project: PrefixRule[];

  constructor(readonly folders: RuleFolders) {
    this.user = readFolder(folders.user);
    this.codex = readFolder(folders.codex);
    this.project = readFolder(folders.project);
  }

  /** The rules the gate applies: the project's allow rules are left out. */
  active(): PrefixRule[] {
    return [
      ...this.user,
      ...this.codex,
      ...this.project.filter((rule) => rule.decision !== "allow"),
    ];
  }

  list(): ListedRule[] {
    return [
      ...this.user.map((rule) => ({ ...rule, removable: true, ignored: false })),
      ...this.codex.map((rule) => ({ ...rule, removable: false, ignored: false })),
      ...this.project.map((rule) => ({
        ...rule,
        removable: false,
        ignored: rule.decision === "allow",
      })),
    ];
  }

  /** The file "always" answers go to. */
  get savedRulesFile(): string {
    return join(this.folders.user, "default.rules");
  }

  /** Append an allow rule for a prefix (never a bare interpreter or shell); returns it. */
  saveAllow(prefix: readonly string[]): PrefixRule {
    if (!canSaveAllowRule(prefix)) {
      throw new Error(
        `\`${prefix[0] ?? ""}\` runs whatever its arguments say: not saved as a rule`,
      );
    }
    return this.save(prefix, "allow", "approved");
  }

  /** Append a forbidden rule for a prefix ("no, never": the gate refuses it unasked); returns it. */
  saveForbidden(prefix: readonly string[]): PrefixRule {
    if (prefix.length === 0) throw new Error("an empty command prefix: not saved as a rule");
    return this.save(prefix, "forbidden", "refused");
  }

  private save(prefix: readonly string[], decision: RuleDecision, how: string): PrefixRule {
    const file = this.savedRulesFile;
    mkdirSync(this.folders.user, { recursive: true, mode: 0o700 });
    let before = "";
    try {
      before = readFileSync(file, "utf8");
    } catch {
      // a new file
    }
    const lead =
      before === "" || before.endsWith("\n\n") ? "" : before.endsWith("\n") ? "\n" : "\n\n";
    const note = `${how} "always" in mini-codex on ${new Date().toISOString().slice(0, 10)}`;
    appendFileSync(file, lead + prefixRuleText(prefix, decision, note));
    this.user = readFolder(this.folders.user);
    const saved = this.user.filter((rule) => rule.file === file).at(-1);
    if (!saved) throw new Error(`the rule written to ${file} could not be read back`);
    return saved;
  }

  /** Remove one of the person's rules from its file (the text of that call is cut out). */
  remove(rule: Pick<PrefixRule, "file" | "start" | "end">): void {
    const listed = this.user.find(
      (mine) => mine.file === rule.file && mine.start === rule.start && mine.end === rule.end,
    );
    if (!listed)
      throw new Error("only rules of the rules folder in MINI_CODEX_HOME can be removed");
    const text = readFileSync(rule.file, "utf8");
    const now = parseRules(rule.file, text).find(
      (r) => r.start === rule.start && r.end === rule.end,
    );
    if (!now || JSON.stringify(now.pattern) !== JSON.stringify(listed.pattern)) {
      throw new Error(`${rule.file} changed since it was read; list the rules again`);
    }
    const after = text.slice(rule.end).replace(/^[ \t]*\n/, "");
    writeFileSync(rule.file, text.slice(0, rule.start) + after);
    this.user = readFolder(this.folders.user);
  }
}
