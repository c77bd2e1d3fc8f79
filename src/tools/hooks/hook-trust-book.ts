import { createHash } from "node:crypto";
import { realpathSync } from "node:fs";
import type { HookHandler } from "./hook-config.js";
import { type FileHashes, hashCovered, type Uncovered } from "./hook-file-hashes.js";
import {
  type CoveredPaths,
  coveredAreas,
  coveredPaths,
  type HookFileFacts,
  shownPath,
} from "./hook-files.js";
import { HookTrust, hookHash, type TrustVerdict } from "./hook-trust.js";

/** What judging hooks needs to know: their files' facts and which hooks.json is the project's. */
export interface HookTrustFacts extends HookFileFacts {
  /** The project's `.codex/hooks.json` (its hooks are keyed by the project they are in). */
  projectHooks: string;
}

/** One hook as it is now: what it covers, their hashes, and whether trust holds. */
export interface HookJudgement {
  covered: CoveredPaths;
  files: FileHashes;
  /** Why trust cannot cover all it runs (then it is asked at every start, never recorded). */
  uncovered: Uncovered[];
  verdict: TrustVerdict;
  /** The real path of its hooks.json, part of what trust is given to. */
  place: string;
}

function realOr(path: string): string {
  try {
    return realpathSync.native(path);
  } catch {
    return path;
  }
}

const MB = 1024 * 1024;

/**
 * The trust of this run's hooks, judged from disk each time it is asked (at start, and right
 * before every run: hook-gate.ts): the record in `$MINI_CODEX_HOME/trusted-hooks.json`, and the
 * hooks trusted for this run only because what they run cannot all be covered.
 */
export class HookTrustBook {
  private readonly record: HookTrust;
  /** Uncovered hooks the person let run in this process: key → the state they were shown. */
  private readonly forThisRun = new Map<string, string>();

  constructor(
    file: string,
    readonly facts: HookTrustFacts,
  ) {
    this.record = new HookTrust(file);
  }

  /** Read and hash what the hook's trust covers now, and judge it against the record. */
  judge(handler: HookHandler): HookJudgement {
    const covered = coveredPaths(handler, this.facts);
    const { files, uncovered } = hashCovered(covered, coveredAreas(handler, this.facts));
    const place = realOr(handler.source);
    const judged = { covered, files, uncovered, place };
    if (uncovered.length > 0) {
      const allowed = this.forThisRun.get(this.key(handler, judged)) === this.state(judged);
      return { ...judged, verdict: allowed ? { trust: "trusted" } : { trust: "uncovered" } };
    }
    const project = realOr(this.facts.projectHooks) === place;
    return { ...judged, verdict: this.record.verdict({ handler, place, project, files }) };
  }

  /**
   * The person trusts these hooks as judged: recorded, or — when what they run cannot all be
   * covered — for this run only, as long as they stay as they were shown.
   */
  trust(hooks: ReadonlyArray<{ handler: HookHandler; judged: HookJudgement }>): void {
    const recorded = hooks.filter(({ judged }) => judged.uncovered.length === 0);
    for (const { handler, judged } of hooks)
      if (judged.uncovered.length > 0)
        this.forThisRun.set(this.key(handler, judged), this.state(judged));
    if (recorded.length > 0)
      this.record.trust(
        recorded.map(({ handler, judged }) => ({
          handler,
          place: judged.place,
          files: judged.files,
        })),
      );
  }

  /** What the person reads under a hook that is asked about: what changed, or why it is asked. */
  reasons(judged: HookJudgement): string[] {
    const { verdict } = judged;
    const shown = (path: string) => shownPath(path, this.facts);
    if (verdict.trust === "changed") {
      const what = verdict.changes.map(({ path, how }) => `${shown(path)} ${how}`);
      return [`changed since you trusted it: ${what.join(", ")}`];
    }
    if (verdict.trust === "new" && verdict.unplaced)
      return [
        "asked again: trust now names the project a hook is in, and your earlier trust did not",
      ];
    if (verdict.trust !== "uncovered") return [];
    const why = judged.uncovered.map((gap) => {
      if (gap.why === "leaves")
        return `${shown(gap.path)} is a symbolic link to ${gap.target}, outside the project and the hooks.json's folder`;
      if (gap.why === "files")
        return `${shown(gap.path)} has more than ${gap.limit} files, too many to hash`;
      return `${shown(gap.path)} holds more than ${gap.limit / MB} MB, too much to hash`;
    });
    return [`trust cannot cover all it runs (asked at every start): ${why.join("; ")}`];
  }

  private key(handler: HookHandler, judged: Pick<HookJudgement, "place">): string {
    return hookHash(handler, judged.place);
  }

  private state(judged: Pick<HookJudgement, "files" | "uncovered">): string {
    const files = Object.entries(judged.files).sort(([a], [b]) => (a < b ? -1 : 1));
    return createHash("sha256")
      .update(JSON.stringify([files, judged.uncovered]))
      .digest("hex");
  }
}
