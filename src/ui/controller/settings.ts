import type { ModelInfo } from "../../models/index.js";
import {
  cycleEffort,
  effortError,
  effortOnSwitch,
  lookupModel,
  pickableEfforts,
  pickerModels,
  stepEffort,
  wireEffort,
} from "../../models/index.js";
import type { ReasoningEffort } from "../../protocol/index.js";
import { type EffortChoice, REASONING_EFFORTS } from "../../protocol/index.js";
import type { AgentSession, ForecastChange } from "../../session/index.js";
import { type CollaborationMode, modeName, nextMode } from "../../session/index.js";
import type { PickerSpec } from "./questions/index.js";

/** What the settings intents act on: the session, the transcript and the pickers. */
interface SettingsHost {
  session(): AgentSession | undefined;
  notice(level: "info" | "error", text: string): void;
  hint(text: string): void;
  /** A turn runs (the mode switches only between turns). */
  busy(): boolean;
  openPicker(spec: PickerSpec): void;
  /** Run `go` now, or after asking when the step is predicted to cost (`keep`: the person said no). */
  confirm(what: string, change: ForecastChange, go: () => void, keep: () => void): void;
}

const NEXT = "(applies to the next request)";

/**
 * The model and its reasoning effort, changed one way whoever asks (a slash command, a key,
 * a picker): each model takes only its own efforts, and every change says so in one notice.
 */
export class SettingsIntents {
  constructor(private readonly host: SettingsHost) {}

  private current(): { info: ModelInfo; effort?: ReasoningEffort } | undefined {
    const status = this.host.session()?.status();
    return status && { info: lookupModel(status.model), effort: status.effort };
  }

  /** The one path that sets the effort (/effort, its picker, Alt+E, Alt+, and Alt+.). */
  setEffort(effort: string) {
    const session = this.host.session();
    const now = this.current();
    if (!session || !now) return;
    const problem = effortError(now.info, effort) ?? unknownLevel(effort);
    if (problem) return this.host.notice("error", problem);
    const wire = wireEffort(now.info, effort as EffortChoice);
    this.host.confirm(
      `Effort ${effort}`,
      { settings: { effort: wire } },
      () => {
        session.update({ effort: wire });
        this.host.notice("info", `Reasoning effort: ${effort} ${NEXT}.`);
      },
      () => this.host.notice("info", `Kept reasoning effort ${now.effort ?? "(none)"}.`),
    );
  }

  /**
   * The one path that switches the collaboration mode (/plan, Shift+Tab, approving a plan):
   * between turns only, asked first like an effort change when it would break the cached
   * prefix; `then` runs once the mode is on (a message to send in it).
   */
  setMode(mode: CollaborationMode, then?: () => void) {
    const session = this.host.session();
    if (!session?.setMode) return;
    const now = session.status().mode ?? "default";
    if (now === mode) return then?.();
    if (this.host.busy()) {
      return this.host.hint(
        `The mode switches between turns: Shift+Tab for ${modeName(mode)} mode once this one ends (or Esc it).`,
      );
    }
    this.host.confirm(
      `${modeName(mode)} mode`,
      { mode },
      () => {
        session.setMode?.(mode);
        this.host.notice("info", modeNotice(mode, session.status().effort));
        then?.();
      },
      () => this.host.notice("info", `Kept ${modeName(now)} mode.`),
    );
  }

  /** Shift+Tab: Default ↔ Plan. */
  cycleMode() {
    const now = this.host.session()?.status().mode ?? "default";
    this.setMode(nextMode(now));
  }

  /** Alt+E goes round the model's efforts; Alt+, and Alt+. step down and up and stop at the ends. */
  stepEffort(step: 1 | -1, wrap = false) {
    const now = this.current();
    if (!now) return;
    const model = { ...now.info, efforts: pickableEfforts(now.info) };
    if (model.efforts.length === 0)
      return this.host.hint(`${model.slug} takes no reasoning effort.`);
    const effort = wrap ? cycleEffort(model, now.effort) : stepEffort(model, now.effort, step);
    if (effort === undefined || effort === now.effort) {
      const end = step > 0 ? "highest" : "lowest";
      return this.host.hint(`Reasoning effort ${now.effort} is the ${end} ${model.slug} takes.`);
    }
    this.host.hint("");
    this.setEffort(effort);
  }

  /** The one path that sets the model: typed or picked, its effort is settled the same way. */
  setModel(model: string, effort?: EffortChoice) {
    const session = this.host.session();
    if (!session) return;
    const info = lookupModel(model);
    const status = session.status();
    const level = effort ?? effortOnSwitch(info, status.effort);
    const change = { model, effort: level && wireEffort(info, level) };
    const what = level ? `Model: ${model}, effort ${level}` : `Model: ${model}`;
    this.host.confirm(
      level ? `Model ${model} (effort ${level})` : `Model ${model}`,
      { settings: change },
      () => {
        session.update(change);
        this.host.notice("info", `${what} ${NEXT}.`);
      },
      () => this.host.notice("info", `Kept model ${status.model}.`),
    );
  }

  openEffortPicker() {
    const now = this.current();
    if (!now) return;
    const efforts = pickableEfforts(now.info);
    if (efforts.length === 0) {
      return this.host.notice("error", `${now.info.slug} takes no reasoning effort.`);
    }
    this.host.openPicker({
      title: "Reasoning effort for the next request",
      options: efforts,
      current: now.effort ?? now.info.defaultEffort,
      onPick: (effort) => this.setEffort(effort),
    });
  }

  /** /model: a model, then (for a reasoning model) one of its efforts. */
  openModelPicker() {
    const now = this.current();
    const models = pickerModels(now?.info.slug);
    this.host.openPicker({
      title: "Model for the next request",
      options: models.map((m) => m.slug),
      details: Object.fromEntries(models.map((m) => [m.slug, modelDetail(m, now?.info.slug)])),
      current: now?.info.slug,
      onPick: (model) => this.pickModel(model, now?.effort),
    });
  }

  private pickModel(model: string, effort: ReasoningEffort | undefined) {
    const info = lookupModel(model);
    const efforts = pickableEfforts(info);
    if (efforts.length === 0) return this.setModel(model);
    this.host.openPicker({
      title: `Reasoning effort for ${model}`,
      options: efforts,
      current: effortOnSwitch(info, effort),
      onPick: (level) => this.setModel(model, level as EffortChoice),
    });
  }
}

/** What a switch says: the mode, what it means, its effort and how to leave it. */
function modeNotice(mode: CollaborationMode, effort: string | undefined): string {
  const at = effort ? `, effort ${effort}` : "";
  return mode === "plan"
    ? `Plan mode${at}: the model explores read-only, may ask you questions and ends with a plan to approve (Shift+Tab: back to Default).`
    : `Default mode${at} ${NEXT}.`;
}

function unknownLevel(effort: string): string | undefined {
  if ((REASONING_EFFORTS as readonly string[]).includes(effort) || effort === "ultra") return;
  return `Unknown effort "${effort}". Use one of: ${REASONING_EFFORTS.join(", ")}.`;
}

function modelDetail(model: ModelInfo, current: string | undefined): string {
  const what = model.slug === current && !model.listed ? "current" : model.displayName;
  return `${what}${model.efforts.length > 0 || !model.known ? "" : " · no effort"}`;
}
