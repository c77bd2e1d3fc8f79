import type { EffortChoice } from "../protocol/index.js";
import { BUNDLED_MODELS } from "./bundled.js";
import type { ModelFacts } from "./codex-format.js";
import {
  type CatalogSource,
  fallbackModel,
  type ModelInfo,
  type ModelPrices,
  type WireEffort,
} from "./model-info.js";

/**
 * The models mini-codex knows, from three sources laid over each other (lowest first): the
 * bundled table, a provider's discovered `/models`, and `config.toml`. A slug no source knows
 * gets fallback facts (`known: false`). Immutable: `with…` returns a new catalog.
 */
export class ModelCatalog {
  private readonly bySlug: ReadonlyMap<string, ModelInfo>;
  private readonly order: readonly string[];

  constructor(models: readonly ModelInfo[] = BUNDLED_MODELS) {
    this.bySlug = new Map(models.map((model) => [model.slug, model]));
    this.order = models.map((model) => model.slug);
  }

  /** The catalog with `facts` laid over it, each entry marked as coming from `source`. */
  with(source: "discovered" | "configured", facts: readonly ModelFacts[]): ModelCatalog {
    const models = new Map(this.bySlug);
    const order = [...this.order];
    for (const fact of facts) {
      const base = models.get(fact.slug);
      if (!base) order.push(fact.slug);
      models.set(fact.slug, {
        ...(base ?? fallbackModel(fact.slug)),
        ...fact,
        known: true,
        source,
      });
    }
    return new ModelCatalog(order.map((slug) => models.get(slug) as ModelInfo));
  }

  /** The catalog with `slug` taking no in-band effort updates (the server refused one). */
  withoutEffortUpdates(slug: string): ModelCatalog {
    const model = this.bySlug.get(slug);
    if (!model) return this;
    return new ModelCatalog(
      this.models().map((m) => (m.slug === slug ? { ...m, effortUpdates: false } : m)),
    );
  }

  /** Every model the catalog knows, in catalog order. */
  models(): ModelInfo[] {
    return this.order.map((slug) => this.bySlug.get(slug) as ModelInfo);
  }

  /**
   * The catalog with prices set per slug (config's `[model_prices]`): only the prices change;
   * a slug no source knows stays unknown (its efforts are still the server's to judge).
   */
  withPrices(prices: Readonly<Record<string, ModelPrices>>): ModelCatalog {
    const models = new Map(this.bySlug);
    const order = [...this.order];
    for (const [slug, price] of Object.entries(prices)) {
      const base = models.get(slug);
      if (!base) order.push(slug);
      models.set(slug, { ...(base ?? { ...fallbackModel(slug), listed: false }), prices: price });
    }
    return new ModelCatalog(order.map((slug) => models.get(slug) as ModelInfo));
  }

  /** The model's facts; fallback facts (and `known: false`) for a slug no source knows. */
  lookup(slug: string): ModelInfo {
    return this.bySlug.get(slug) ?? fallbackModel(slug);
  }

  /** The models the picker offers, in catalog order; the current one first when not listed. */
  pickerModels(current?: string): ModelInfo[] {
    const listed = this.order
      .map((slug) => this.bySlug.get(slug) as ModelInfo)
      .filter((m) => m.listed);
    if (!current || listed.some((model) => model.slug === current)) return listed;
    return [this.lookup(current), ...listed];
  }

  /** Where the model's facts come from: `bundled`, `discovered`, `configured` or `fallback`. */
  sourceOf(slug: string): CatalogSource {
    return this.lookup(slug).source;
  }
}

let active = new ModelCatalog();

/**
 * The process's catalog. Launch installs the one built from config and discovery
 * (`setActiveCatalog`); until then it is the bundled table. Front ends read it through
 * `lookupModel` so that every place sees the same facts.
 */
export function activeCatalog(): ModelCatalog {
  return active;
}

export function setActiveCatalog(catalog: ModelCatalog): void {
  active = catalog;
}

export function lookupModel(slug: string): ModelInfo {
  return active.lookup(slug);
}

export function pickerModels(current?: string): ModelInfo[] {
  return active.pickerModels(current);
}

/**
 * Why `effort` cannot be used with the model, naming the efforts it offers; undefined when it
 * can. A model no source knows accepts every effort (the server is the judge).
 */
export function effortError(model: ModelInfo, effort: string): string | undefined {
  if (!model.known) return undefined;
  if (model.efforts.includes(effort as EffortChoice)) return undefined;
  if (model.efforts.length === 0) return `${model.slug} does not take a reasoning effort`;
  return `${model.slug} offers the efforts ${model.efforts.join(", ")}; not "${effort}"`;
}

/** The value sent for a chosen effort: `ultra` becomes the model's own wire value (or `max`). */
export function wireEffort(
  model: Pick<ModelInfo, "ultraEffort">,
  effort: EffortChoice,
): WireEffort {
  if (effort !== "ultra") return effort;
  return model.ultraEffort ?? "max";
}

/**
 * The model's effort one step up (`+1`) or down (`-1`) from `current` (Alt+. and Alt+, in the
 * TUI); undefined at either end or when the model takes no effort.
 */
export function stepEffort(
  model: ModelInfo,
  current: string | undefined,
  step: 1 | -1,
): EffortChoice | undefined {
  const index = model.efforts.indexOf(current as EffortChoice);
  if (index < 0) return model.defaultEffort ?? model.efforts[0];
  return model.efforts[index + step];
}

/** The model's next effort after `current`, wrapping around (Alt+E). */
export function cycleEffort(
  model: ModelInfo,
  current: string | undefined,
): EffortChoice | undefined {
  if (model.efforts.length === 0) return undefined;
  const index = model.efforts.indexOf(current as EffortChoice);
  return model.efforts[(index + 1) % model.efforts.length];
}
