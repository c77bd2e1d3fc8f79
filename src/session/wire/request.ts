import type { RequestShape } from "../../models/index.js";
import type {
  ReasoningEffort,
  ResponseItem,
  ResponsesRequest,
  ToolSpec,
} from "../../protocol/index.js";
import { sortKeysDeep } from "../../protocol/index.js";
import type { ConversationHistory, FrozenToolOutputs } from "../context/index.js";
import { chainOf } from "../prompt/index.js";
import type { PlannedRequest } from "./plan.js";
import { type PromptCacheSettings, promptCacheOptions } from "./prompt-cache.js";
import type { SessionSettings } from "./session-settings.js";

/** A full logical request plus the prefix chain of its input: what the planner compares. */
export type FullRequest = PlannedRequest;

export interface RequestFrame {
  sessionId: string;
  instructions: string;
  tools: readonly ToolSpec[];
  settings: SessionSettings;
  /** How the model takes requests (from the model catalog); absent: classic, no verbosity. */
  wire?: RequestWire;
}

/** The catalog's facts that shape the body (docs/protocol.md, "Responses Lite"). */
export interface RequestWire {
  /** `lite`: no top-level tools or instructions (history carries them), `reasoning.context`. */
  shape: RequestShape;
  verbosity?: "low" | "medium" | "high";
  /** The request-level effort when it is not `settings.effort`: an in-band model's baseline. */
  effort?: ReasoningEffort;
  /** Models that take `prompt_cache_options` (the catalog's `cacheOptions`): its ttl and mode. */
  promptCache?: PromptCacheSettings;
}

const ENCRYPTED_REASONING = "reasoning.encrypted_content";

/**
 * The deterministic request body (docs/protocol.md: "The request body", "Prompt caching"): top-level keys in sorted order, tools with
 * sorted keys, prompt_cache_key = session id, store:false, stream:true. Same history and
 * settings give byte-identical JSON.
 */
export function buildRequestBody(
  frame: RequestFrame,
  input: ResponseItem[],
  sortedTools: ToolSpec[] = sortTools(frame.tools),
): ResponsesRequest {
  const { settings } = frame;
  const lite = frame.wire?.shape === "lite";
  const reasoning = reasoningOf(settings, frame.wire?.effort ?? settings.effort, lite);
  const text = textOf(settings, frame.wire?.verbosity);
  const body: ResponsesRequest = {
    ...(reasoning ? { include: [ENCRYPTED_REASONING] } : {}),
    input,
    ...(lite ? {} : { instructions: frame.instructions }),
    model: settings.model,
    parallel_tool_calls: false,
    prompt_cache_key: frame.sessionId,
    ...(frame.wire?.promptCache
      ? { prompt_cache_options: promptCacheOptions(frame.wire.promptCache) }
      : {}),
    ...(reasoning ? { reasoning } : {}),
    ...(settings.serviceTier ? { service_tier: settings.serviceTier } : {}),
    store: false,
    stream: true,
    ...(text ? { text } : {}),
    tool_choice: "auto",
    ...(lite ? {} : { tools: sortedTools }),
  };
  return body;
}

function reasoningOf(
  settings: SessionSettings,
  effort: ReasoningEffort | undefined,
  lite: boolean,
): ResponsesRequest["reasoning"] {
  if (effort === undefined) return undefined;
  const summary = settings.reasoningSummary;
  return {
    effort,
    ...(summary === undefined || summary === "none" ? {} : { summary }),
    ...(lite ? { context: "all_turns" as const } : {}),
  };
}

function textOf(
  settings: SessionSettings,
  verbosity: RequestWire["verbosity"],
): ResponsesRequest["text"] {
  const schema = settings.outputSchema;
  if (!schema && !verbosity) return undefined;
  return {
    ...(schema
      ? {
          format: {
            name: schema.name,
            schema: sortKeysDeep(schema.schema),
            strict: true,
            type: "json_schema" as const,
          },
        }
      : {}),
    ...(verbosity ? { verbosity } : {}),
  };
}

/** Tools in a deterministic order (as the router lists them) with object keys sorted. */
function sortTools(tools: readonly ToolSpec[]): ToolSpec[] {
  return tools.map((tool) => sortKeysDeep(tool));
}

/**
 * A prefix chain computed when first read: a full request (a resumed session's first) goes on
 * the wire before its chain, O(history), is needed by the planner or the cache explainer.
 */
class LazyChain {
  private value: string[] | undefined;
  constructor(private make: (() => string[]) | undefined) {}

  get(): string[] {
    if (this.value === undefined) {
      this.value = (this.make as () => string[])();
      this.make = undefined; // lets the input and the previous chain go
    }
    return this.value;
  }
}

/** The chain of `input`, reusing `previous` for its first `validLength` links, when first read. */
function extendedChain(
  input: readonly ResponseItem[],
  previous: LazyChain,
  validLength: number,
): LazyChain {
  return new LazyChain(() => chainOf(input, { chain: previous.get(), validLength }));
}

/** A request whose chain is computed when first read (this closure holds the chain only). */
function lazyRequest(body: ResponsesRequest, chain: LazyChain): FullRequest {
  return {
    body,
    get chain() {
      return chain.get();
    },
  };
}

/**
 * Builds full logical requests from history, deriving only what changed since the last
 * build: tool outputs pass through the frozen outputs, and the prefix chain is extended
 * rather than recomputed.
 */
export class RequestBuilder {
  private lastVersion = -1;
  private lastFrozenEpoch = -1;
  private lastInput: ResponseItem[] = [];
  private lastChain = new LazyChain(() => []);
  private lastTools?: { source: readonly ToolSpec[]; sorted: ToolSpec[] };

  constructor(
    private readonly history: ConversationHistory,
    private readonly frozen: FrozenToolOutputs,
  ) {}

  /** The full request for the current history, plus `extra` items that are not history. */
  build(frame: RequestFrame, extra: readonly ResponseItem[] = []): FullRequest {
    const items = this.history.items;
    const unchanged =
      this.lastVersion < 0 || this.lastFrozenEpoch !== this.frozen.epoch
        ? 0
        : Math.min(this.history.firstChangedSince(this.lastVersion), this.lastInput.length);
    const input = this.lastInput.slice(0, unchanged);
    for (let i = unchanged; i < items.length; i++) {
      input.push(this.frozen.resolve(items[i] as ResponseItem));
    }
    const chain = extendedChain(input, this.lastChain, unchanged);
    this.lastVersion = this.history.version;
    this.lastFrozenEpoch = this.frozen.epoch;
    this.lastInput = input;
    this.lastChain = chain;
    const full = extra.length === 0 ? input : [...input, ...extra];
    const fullChain = extra.length === 0 ? chain : extendedChain(full, chain, input.length);
    return lazyRequest(buildRequestBody(frame, full, this.sortedTools(frame.tools)), fullChain);
  }

  private sortedTools(tools: readonly ToolSpec[]): ToolSpec[] {
    if (this.lastTools?.source !== tools)
      this.lastTools = { source: tools, sorted: sortTools(tools) };
    return this.lastTools.sorted;
  }
}
