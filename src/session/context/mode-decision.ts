import type { ModelInfo } from "../../models/index.js";
import { wireEffort } from "../../models/index.js";
import type { EffortChoice, ReasoningEffort, ResponseItem } from "../../protocol/index.js";
import type { SandboxMode } from "../../sandbox/index.js";
import { type CollaborationMode, collaborationModeMessage } from "./collaboration-mode.js";

// What a collaboration mode means for the next request, decided in one pure place: the sandbox
// its commands run in, its reasoning effort and the developer message that states it.

/** Plan mode's effort when `plan_mode_reasoning_effort` is unset (the Codex CLI's Plan preset). */
const PLAN_MODE_DEFAULT_EFFORT: EffortChoice = "medium";

/** What the decision reads: the mode, the session's sandbox, the model and both modes' efforts. */
export interface ModeSituation {
  mode: CollaborationMode;
  /** The session's sandbox (`-s`, config, trust). */
  sandbox: SandboxMode;
  model: Pick<ModelInfo, "slug" | "known" | "efforts" | "defaultEffort" | "ultraEffort">;
  /** Default mode's effort: the session's (config, `--effort`, `/effort` in Default mode). */
  defaultEffort: ReasoningEffort | undefined;
  /** `plan_mode_reasoning_effort`, or what `/effort` chose in Plan mode; unset: the preset's. */
  planEffort: EffortChoice | undefined;
}

/** What a mode means for the next request and its tool calls. */
export interface ModeDecision {
  /** Where commands run: read-only in Plan mode whatever the session's sandbox. */
  sandbox: SandboxMode;
  /** The request's reasoning effort. */
  effort: ReasoningEffort | undefined;
  /** The `<collaboration_mode>` developer message that tells the model the mode's rules. */
  instructions: ResponseItem;
  /** Why Plan mode keeps Default mode's effort (the model does not take the one asked for). */
  note?: string;
}

/**
 * Sandbox, effort and instructions for a mode. Plan mode runs commands read-only and on its
 * own effort (`plan_mode_reasoning_effort`, else `medium` as the Codex CLI's preset) when the
 * model takes it; Default mode is the session as configured.
 */
export function collaborationModeDecision(situation: ModeSituation): ModeDecision {
  const instructions = collaborationModeMessage(situation.mode);
  if (situation.mode === "default") {
    return { sandbox: situation.sandbox, effort: situation.defaultEffort, instructions };
  }
  const plan = planEffort(situation);
  return {
    sandbox: "read-only",
    instructions,
    effort: plan.effort,
    ...(plan.note ? { note: plan.note } : {}),
  };
}

function planEffort(situation: ModeSituation): {
  effort: ReasoningEffort | undefined;
  note?: string;
} {
  const { model, defaultEffort } = situation;
  const asked = situation.planEffort ?? PLAN_MODE_DEFAULT_EFFORT;
  // a model no source knows takes what is asked (the server judges), as /effort does
  if (!model.known || model.efforts.includes(asked)) {
    return { effort: wireEffort(model, asked) };
  }
  if (situation.planEffort === undefined || model.efforts.length === 0) {
    return { effort: defaultEffort };
  }
  const kept = defaultEffort ?? "none";
  return {
    effort: defaultEffort,
    note: `${model.slug} does not take effort ${asked} (plan_mode_reasoning_effort): Plan mode keeps effort ${kept}`,
  };
}

/**
 * The effort a mode keeps after a model switch: `effort` if the new model takes it, else the
 * model's default (a model no source knows keeps it; the server judges).
 */
export function settledEffort(
  model: Pick<ModelInfo, "known" | "efforts" | "defaultEffort" | "ultraEffort">,
  effort: ReasoningEffort | undefined,
): ReasoningEffort | undefined {
  if (!model.known) return effort;
  if (model.efforts.length === 0) return undefined;
  if (effort !== undefined && (model.efforts as readonly string[]).includes(effort)) return effort;
  return model.defaultEffort && wireEffort(model, model.defaultEffort);
}
