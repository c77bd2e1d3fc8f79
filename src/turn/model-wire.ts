import type { ModelInfo } from "../models/index.js";
import { lookupModel } from "../models/index.js";
import type { ReasoningEffort, ResponseItem, ToolSpec } from "../protocol/index.js";
import type { RequestWire, SessionSettings } from "../session/index.js";
import {
  baseInstructionsMessage,
  configurationUpdate,
  DEFAULT_PROMPT_CACHE_MODE,
  DEFAULT_PROMPT_CACHE_TTL,
  hasInstructions,
  isConfigurationUpdate,
  lastUpdateEffort,
  PROVIDER_CACHE_TTL_MS,
  type PromptCacheSettings,
  promptCacheTtlMs,
  switchedInstructionsMessage,
  toolDeclarationItem,
  toolUpdateItems,
} from "../session/index.js";

/**
 * How one session speaks to its model, from the model catalog: the request shape (classic or
 * lite, with the items lite needs in history) and how an effort change travels (in-band as a
 * `configuration_update` item, or at request level on lanes). It holds the session's effort
 * baseline and the models that refused updates during the session.
 */
export class ModelWire {
  /** The request-level effort of an in-band model: the effort the session (or model) began with. */
  private baseline: ReasoningEffort | undefined;
  private baselineModel: string;
  private readonly refused = new Set<string>();
  /** Remote compaction failed once: local summaries for the rest of the session. */
  private compactionRefused = false;
  /** Models whose provider refused `prompt_cache_options` during the session. */
  private readonly cacheRefused = new Set<string>();

  constructor(settings: SessionSettings) {
    this.baseline = settings.effort;
    this.baselineModel = settings.model;
  }

  info(model: string): ModelInfo {
    return lookupModel(model);
  }

  /** Whether an effort change on `model` goes in-band (the catalog says so and it never refused). */
  inBand(model: string): boolean {
    return this.info(model).effortUpdates && !this.refused.has(model);
  }

  /** The request body's shape for these settings. */
  wire(settings: SessionSettings): RequestWire {
    if (settings.model !== this.baselineModel) {
      // a model switch is a full request anyway: its baseline is the effort it starts with
      this.baselineModel = settings.model;
      this.baseline = settings.effort;
    }
    return this.previewWire(settings);
  }

  /** The shape `wire` would give for `settings`, changing nothing (a forecast). */
  previewWire(settings: SessionSettings): RequestWire {
    const info = this.info(settings.model);
    const baseline = settings.model === this.baselineModel ? this.baseline : settings.effort;
    return {
      shape: info.requestShape,
      ...(info.verbosity ? { verbosity: info.verbosity } : {}),
      ...(this.inBand(settings.model) && baseline !== undefined ? { effort: baseline } : {}),
      ...this.promptCache(settings),
    };
  }

  /** The update `effortUpdate` would give for `settings`; a switched model starts on its own effort. */
  previewEffortUpdate(history: readonly ResponseItem[], settings: SessionSettings): ResponseItem[] {
    return settings.model === this.baselineModel ? this.effortUpdate(history, settings) : [];
  }

  /** Cache options where the catalog says the model takes them and its provider never refused. */
  private promptCache(settings: SessionSettings): { promptCache?: PromptCacheSettings } {
    if (!this.info(settings.model).cacheOptions || this.cacheRefused.has(settings.model)) return {};
    return {
      promptCache: {
        ttl: settings.promptCacheTtl ?? DEFAULT_PROMPT_CACHE_TTL,
        mode: settings.promptCacheMode ?? DEFAULT_PROMPT_CACHE_MODE,
      },
    };
  }

  /**
   * How long the prefix these settings send stays cached: the configured `prompt_cache_ttl`
   * where the request carries cache options, else the provider's default (30 minutes).
   */
  cacheTtlMs(settings: SessionSettings): number {
    const ttl = this.promptCache(settings).promptCache?.ttl;
    return ttl === undefined ? PROVIDER_CACHE_TTL_MS : promptCacheTtlMs(ttl);
  }

  /** The provider refused cache options for `model`: requests go without them from now on. */
  refuseCacheOptions(model: string): void {
    this.cacheRefused.add(model);
  }

  /**
   * A new session's history: on a lite model the tools as one `additional_tools` item and the
   * base instructions as the first developer message come before the initial context.
   */
  initialHistory(options: {
    instructions: string;
    tools: { specs(): ToolSpec[] };
    initialContext?: ResponseItem[];
  }): ResponseItem[] {
    const context = options.initialContext ?? [];
    if (this.info(this.baselineModel).requestShape !== "lite") return context;
    const tools = toolDeclarationItem(options.tools.specs());
    return [tools, baseInstructionsMessage(options.instructions), ...context];
  }

  /**
   * What a user turn appends before its message so history describes the model's world: on a
   * lite model the base instructions (when history lacks them) and the tool changes; on a
   * model without updates nothing, but `strip` says to drop earlier updates from history.
   */
  turnItems(
    history: readonly ResponseItem[],
    model: string,
    instructions: string,
    tools: readonly ToolSpec[],
  ): ResponseItem[] {
    if (this.info(model).requestShape !== "lite") return [];
    const items: ResponseItem[] = [];
    if (!hasInstructions(history, instructions))
      items.push(switchedInstructionsMessage(instructions));
    items.push(...toolUpdateItems(history, tools));
    return items;
  }

  /**
   * The `configuration_update` to append before the next request, when the effort in force
   * (the last update in history, else the baseline) is not the chosen one.
   */
  effortUpdate(history: readonly ResponseItem[], settings: SessionSettings): ResponseItem[] {
    const effort = settings.effort;
    if (effort === undefined || !this.inBand(settings.model)) return [];
    const inForce = lastUpdateEffort(history) ?? this.baseline;
    return inForce === effort ? [] : [configurationUpdate(effort)];
  }

  /** Whether history holds updates a model without them would refuse. */
  needsStripping(history: readonly ResponseItem[], model: string): boolean {
    return !this.inBand(model) && history.some(isConfigurationUpdate);
  }

  /** Whether `model` compacts server-side (the catalog says so and it never failed). */
  remoteCompaction(model: string): boolean {
    return this.info(model).remoteCompaction && !this.compactionRefused;
  }

  /** Remote compaction failed (refused, or no single compaction item): local from now on. */
  refuseRemoteCompaction(): void {
    this.compactionRefused = true;
  }

  /** The server refused an update for `model`: lanes for the rest of the session. */
  refuse(model: string): void {
    this.refused.add(model);
  }
}

/** What ModelWire may read and replace of a session's history. */
export interface WireHistory {
  readonly items: readonly ResponseItem[];
  replace(items: ResponseItem[], why: string): void;
}

/** A user turn begins: strip updates a model without them would refuse; the lite items to append. */
export function beginModelTurn(
  wire: ModelWire,
  history: WireHistory,
  frame: { model: string; instructions: string; tools: readonly ToolSpec[] },
): ResponseItem[] {
  if (wire.needsStripping(history.items, frame.model)) {
    history.replace(withoutUpdates(history.items), "effort_updates_off");
  }
  return wire.turnItems(history.items, frame.model, frame.instructions, frame.tools);
}

/** The server refused an update for `model`: lanes from now on, history without updates. */
export function refuseEffortUpdates(wire: ModelWire, history: WireHistory, model: string): string {
  wire.refuse(model);
  history.replace(withoutUpdates(history.items), "effort_updates_off");
  return `${model} does not take in-band effort changes (configuration_update); they go on lanes for the rest of this session`;
}

/** History without its `configuration_update` items (a model that takes none). */
function withoutUpdates(history: readonly ResponseItem[]): ResponseItem[] {
  return history.filter((item) => !isConfigurationUpdate(item));
}
