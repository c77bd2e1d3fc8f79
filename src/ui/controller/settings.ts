import type { ReasoningEffort } from "../../protocol/request.js";
import type { AgentSession } from "../../session/api.js";
import { effortError, lookupModel, type ModelInfo, pickerModels } from "./model-knowledge.js";
import type { PickerSpec } from "./picker-spec.js";

/** What the settings intents act on: the session, the transcript and the pickers. */
export interface SettingsHost {
  session(): AgentSession | undefined;
  notice(level: "info" | "error", text: string): void;
  hint(text: string): void;
  openPicker(spec: PickerSpec): void;
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
    const problem = effortError(now.info, effort);
    if (problem) return this.host.notice("error", problem);
    const level = effort as ReasoningEffort;
    session.update({ effort: level });
    this.host.notice("info", `Reasoning effort: ${level} ${NEXT}.`);
  }

  /** Alt+E goes round the model's efforts; Alt+, and Alt+. step down and up and stop at the ends. */
  stepEffort(step: 1 | -1, wrap = false) {
    const now = this.current();
    if (!now) return;
    const { efforts, slug, defaultEffort } = now.info;
    if (efforts.length === 0) return this.host.hint(`${slug} takes no reasoning effort.`);
    const at = efforts.indexOf(now.effort ?? defaultEffort ?? "medium");
    const from = at === -1 ? efforts.indexOf(defaultEffort ?? "medium") : at;
    const n = efforts.length;
    const to = wrap ? (from + step + n) % n : Math.max(0, Math.min(n - 1, from + step));
    const effort = efforts[to];
    if (effort === undefined) return;
    if (to === at) {
      const end = step > 0 ? "highest" : "lowest";
      return this.host.hint(`Reasoning effort ${effort} is the ${end} ${slug} takes.`);
    }
    this.host.hint("");
    this.setEffort(effort);
  }

  /** The one path that sets the model: typed or picked, its effort is settled the same way. */
  setModel(model: string, effort?: ReasoningEffort) {
    const session = this.host.session();
    if (!session) return;
    const info = lookupModel(model);
    const level = effort ?? effortOnSwitch(info, session.status().effort);
    session.update({ model, effort: level });
    const what = level ? `Model: ${model}, effort ${level}` : `Model: ${model}`;
    this.host.notice("info", `${what} ${NEXT}.`);
  }

  openEffortPicker() {
    const now = this.current();
    if (!now) return;
    if (now.info.efforts.length === 0) {
      return this.host.notice("error", effortError(now.info, "medium") ?? "");
    }
    this.host.openPicker({
      title: "Reasoning effort for the next request",
      options: now.info.efforts,
      current: now.effort ?? now.info.defaultEffort,
      onPick: (effort) => this.setEffort(effort),
    });
  }

  /** /model: a model, then (for a reasoning model) one of its efforts. */
  openModelPicker() {
    const now = this.current();
    const models = pickerModels();
    if (now && !models.some((m) => m.slug === now.info.slug)) {
      models.unshift({ ...now.info, description: "current" });
    }
    this.host.openPicker({
      title: "Model for the next request",
      options: models.map((m) => m.slug),
      details: Object.fromEntries(
        models.map((m) => [m.slug, `${m.description}${m.efforts.length ? "" : " · no effort"}`]),
      ),
      current: now?.info.slug,
      onPick: (model) => this.pickModel(model, now?.effort),
    });
  }

  private pickModel(model: string, effort: ReasoningEffort | undefined) {
    const info = lookupModel(model);
    if (info.efforts.length === 0) return this.setModel(model);
    this.host.openPicker({
      title: `Reasoning effort for ${model}`,
      options: info.efforts,
      current: effortOnSwitch(info, effort),
      onPick: (level) => this.setModel(model, level as ReasoningEffort),
    });
  }
}

/** The effort a model starts on after a switch: the current one if it takes it, else its default. */
export function effortOnSwitch(
  info: ModelInfo,
  effort: ReasoningEffort | undefined,
): ReasoningEffort | undefined {
  if (info.efforts.length === 0) return undefined;
  if (effort && info.efforts.includes(effort)) return effort;
  return info.defaultEffort ?? info.efforts[Math.floor(info.efforts.length / 2)];
}
