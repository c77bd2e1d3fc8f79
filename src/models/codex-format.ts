import { EFFORT_CHOICES, type EffortChoice, REASONING_EFFORTS } from "../protocol/index.js";
import type { ModelInfo, WireEffort } from "./model-info.js";

/**
 * The Codex CLI's model catalog format, `{"models":[ModelInfo…]}`: what a provider's
 * `GET /models` answers and what `$CODEX_HOME/models_cache.json` holds. Only the fields that
 * change what mini-codex sends or shows are read; unknown fields are ignored.
 */

/** One parsed entry: the facts it states, to be laid over what the catalog already knows. */
export type ModelFacts = Partial<Omit<ModelInfo, "known" | "source">> & { slug: string };

interface ParsedCatalog {
  models: ModelFacts[];
  /** One line per entry that was skipped, naming it and why (the rest of the catalog is kept). */
  problems: string[];
}

/** Reads a Codex-format catalog; a broken entry is skipped with a problem line, never fatal. */
export function parseCodexCatalog(json: unknown): ParsedCatalog {
  const list = isRecord(json) ? json.models : undefined;
  if (!Array.isArray(list)) return { models: [], problems: ['no "models" list in the catalog'] };
  const models: ModelFacts[] = [];
  const problems: string[] = [];
  list.forEach((entry, index) => {
    const parsed = parseEntry(entry);
    if (typeof parsed === "string") problems.push(`models[${index}]: ${parsed}`);
    else models.push(parsed);
  });
  return { models, problems };
}

function parseEntry(entry: unknown): ModelFacts | string {
  if (!isRecord(entry)) return "not an object";
  const slug = entry.slug;
  if (typeof slug !== "string" || slug === "") return "no slug";
  const facts: ModelFacts = { slug };
  const text = (key: string) =>
    typeof entry[key] === "string" ? (entry[key] as string) : undefined;
  const count = (key: string) =>
    typeof entry[key] === "number" && Number.isFinite(entry[key])
      ? (entry[key] as number)
      : undefined;
  assign(facts, "displayName", text("display_name"));
  assign(facts, "contextWindow", count("context_window"));
  assign(facts, "maxContextWindow", count("max_context_window"));
  assign(facts, "autoCompactTokenLimit", count("auto_compact_token_limit"));
  const efforts = effortList(entry.supported_reasoning_levels);
  if (typeof efforts === "string") return `${slug}: ${efforts}`;
  assign(facts, "efforts", efforts);
  if ("default_reasoning_level" in entry) {
    const level = entry.default_reasoning_level;
    if (level !== null && !isChoice(level))
      return `${slug}: unknown default_reasoning_level ${JSON.stringify(level)}`;
    facts.defaultEffort = level ?? undefined;
  }
  if (typeof entry.supports_reasoning_effort_updates === "boolean")
    facts.effortUpdates = entry.supports_reasoning_effort_updates;
  const ultra = entry.multi_agent_reasoning_effort;
  if (isWire(ultra)) facts.ultraEffort = ultra;
  if (typeof entry.use_responses_lite === "boolean")
    facts.requestShape = entry.use_responses_lite ? "lite" : "classic";
  assign(facts, "toolMode", text("tool_mode"));
  const shell = text("shell_type");
  if (shell === "unified_exec" || shell === "shell_command") facts.shellType = shell;
  if (entry.support_verbosity === false) facts.verbosity = undefined;
  else if (entry.support_verbosity === true) facts.verbosity = verbosity(text("default_verbosity"));
  if (Array.isArray(entry.service_tiers))
    facts.serviceTiers = entry.service_tiers.flatMap((tier) =>
      isRecord(tier) && typeof tier.id === "string" ? [tier.id] : [],
    );
  if (text("visibility")) facts.listed = text("visibility") === "list";
  return facts;
}

function effortList(levels: unknown): EffortChoice[] | undefined | string {
  if (levels === undefined || levels === null) return undefined;
  if (!Array.isArray(levels)) return "supported_reasoning_levels is not a list";
  const efforts: EffortChoice[] = [];
  for (const level of levels) {
    const effort = isRecord(level) ? level.effort : level;
    // A level this client does not know is left out, not fatal: newer catalogs add levels.
    if (isChoice(effort)) efforts.push(effort);
  }
  return efforts;
}

function verbosity(value: string | undefined): "low" | "medium" | "high" {
  return value === "medium" || value === "high" ? value : "low";
}

function assign<K extends keyof ModelFacts>(
  facts: ModelFacts,
  key: K,
  value: ModelFacts[K] | undefined,
) {
  if (value !== undefined) facts[key] = value;
}

function isChoice(value: unknown): value is EffortChoice {
  return (EFFORT_CHOICES as readonly unknown[]).includes(value);
}

function isWire(value: unknown): value is WireEffort {
  return (REASONING_EFFORTS as readonly unknown[]).includes(value);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === "object" && value !== null && !Array.isArray(value);
}
