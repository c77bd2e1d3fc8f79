import type { SessionConfigOption, SessionConfigSelectOption } from "@agentclientprotocol/sdk";
import {
  effortError,
  effortOnSwitch,
  lookupModel,
  pickableEfforts,
  pickerModels,
  wireEffort,
} from "../models/index.js";
import { EFFORT_CHOICES, type EffortChoice } from "../protocol/index.js";
import type { SessionSettings } from "../session/index.js";

// The session's config options an editor shows as pickers: `model` (the model catalog's) and
// `reasoning_effort` (the model's efforts). Choosing one gives the settings the session is
// updated with, decided as the TUI's /model and /effort decide them.

const MODEL_OPTION = "model";
const EFFORT_OPTION = "reasoning_effort";

type Settings = Pick<SessionSettings, "model" | "effort">;

export function configOptions(now: Settings): SessionConfigOption[] {
  const models = pickerModels(now.model);
  const modelChoices: SessionConfigSelectOption[] = models.map((model) => ({
    value: model.slug,
    name: model.displayName,
  }));
  if (!models.some((model) => model.slug === now.model)) {
    modelChoices.unshift({ value: now.model, name: now.model });
  }
  const options: SessionConfigOption[] = [
    {
      id: MODEL_OPTION,
      name: "Model",
      category: "model",
      type: "select",
      currentValue: now.model,
      options: modelChoices,
    },
  ];
  const info = lookupModel(now.model);
  const efforts = pickableEfforts(info);
  if (efforts.length === 0) return options;
  const current = now.effort ?? info.defaultEffort ?? (efforts[0] as EffortChoice);
  const values: string[] = efforts.includes(current) ? [...efforts] : [current, ...efforts];
  options.push({
    id: EFFORT_OPTION,
    name: "Reasoning effort",
    category: "thought_level",
    type: "select",
    currentValue: current,
    options: values.map((value) => ({ value, name: value })),
  });
  return options;
}

function isEffortChoice(value: string): value is EffortChoice {
  return (EFFORT_CHOICES as readonly string[]).includes(value);
}

/** The settings a choice gives, or why it cannot be made (a clear sentence for the editor). */
export function chosenSettings(
  configId: string,
  value: string,
  now: Settings,
): { settings: Settings } | { error: string } {
  if (configId === EFFORT_OPTION) {
    const info = lookupModel(now.model);
    if (!isEffortChoice(value)) return { error: `unknown reasoning effort "${value}"` };
    const problem = effortError(info, value);
    if (problem) return { error: problem };
    return { settings: { model: now.model, effort: wireEffort(info, value) } };
  }
  if (configId === MODEL_OPTION) {
    const info = lookupModel(value);
    const level = effortOnSwitch(info, now.effort);
    return { settings: { model: value, effort: level && wireEffort(info, level) } };
  }
  return {
    error: `no config option "${configId}" (there are ${MODEL_OPTION} and ${EFFORT_OPTION})`,
  };
}
