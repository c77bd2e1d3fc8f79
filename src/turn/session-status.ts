import type { BearerCredentials } from "../auth/index.js";
import { lookupModel } from "../models/index.js";
import type { ReasoningEffort } from "../protocol/index.js";
import type {
  CollaborationMode,
  LaneTable,
  ModelClient,
  NextRequestPreview,
  PlanUsageAttribution,
  ProviderSettings,
  SessionEvent,
  SessionSettings,
  SessionStatus,
  WirePlan,
} from "../session/index.js";
import { costDisplayFor } from "../session/index.js";

/** What status and settings_changed say of the next request: its plan, lane and lane count. */
export function nextRequestPreview(
  next: { plan: WirePlan; lane: string },
  lanes: Pick<LaneTable, "all" | "size">,
  effortUpdate?: ReasoningEffort,
): NextRequestPreview {
  const { plan, lane } = next;
  const known = lanes.all.some((l) => l.label === lane);
  const count = Math.max(1, lanes.size + (known ? 0 : 1));
  const update = effortUpdate ? { effortUpdate } : {};
  return plan.kind === "full"
    ? { mode: "full", reason: plan.reason, lane, lanes: count, ...update }
    : { mode: "incremental", lane, lanes: count, ...update };
}

interface StatusFacts {
  sessionId: string;
  provider: Pick<ProviderSettings, "id" | "baseUrl" | "credentials">;
  client: Pick<ModelClient, "transportKind" | "lastLane" | "laneTransport">;
  lanes: Pick<LaneTable, "all">;
  settings: SessionSettings;
  totals: SessionStatus["totals"];
  /** Plan usage and its attribution (the Codex backend; none reported: no `latest`). */
  planUsage?: PlanUsageAttribution;
  /** Whether an effort change would go in-band (configuration_update). */
  inBand: boolean;
  /** The next request's preview (asked for again when no request has gone out yet). */
  next(): NextRequestPreview;
}

/** The session's `/status`: where requests go, on which lanes, with which settings. */
export function sessionStatus(facts: StatusFacts): SessionStatus {
  const { client, settings } = facts;
  // a forecast builds and prices the whole next request: asked for once
  const next = facts.next();
  return {
    sessionId: facts.sessionId,
    providerId: facts.provider.id,
    baseUrl: facts.provider.baseUrl,
    transport: client.transportKind,
    // the session's own lane (a subagent's request may have been the last)
    lane: (client.lastLane?.agent ? undefined : client.lastLane?.label) ?? next.lane ?? "default",
    laneTransport: client.laneTransport,
    lanes: facts.lanes.all.map((lane) => ({ label: lane.label, requests: lane.requests })),
    model: settings.model,
    modelSource: lookupModel(settings.model).source,
    ...(settings.effort ? { effort: settings.effort } : {}),
    effortChanges: facts.inBand ? "in-band" : "lanes",
    totals: facts.totals,
    ...(facts.planUsage?.latest ? { planUsage: facts.planUsage } : {}),
    costDisplay: costDisplayFor(facts.provider.credentials?.kind),
    ...accountOf(facts.provider.credentials),
    next,
  };
}

/** Who the provider's credential signs in (/status's account line); nothing without one. */
function accountOf(credentials: BearerCredentials | undefined): Pick<SessionStatus, "account"> {
  if (!credentials) return {};
  if (credentials.kind === "api_key") return { account: { kind: "api_key" } };
  return { account: { kind: "chatgpt", ...credentials.account?.() } };
}

/** What the front ends learn when settings or a server's tool list changed. */
export function settingsChangedEvent(
  settings: SessionSettings,
  next: NextRequestPreview,
  mode: CollaborationMode = "default",
): SessionEvent {
  const { model, effort } = settings;
  return { type: "settings_changed", model, ...(effort ? { effort } : {}), mode, next };
}
