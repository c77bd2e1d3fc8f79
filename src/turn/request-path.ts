import type { SessionOptions } from "../session/index.js";
import { LaneTable, ModelClient, type ModelClientOptions } from "../session/index.js";
import { RequestRecorder } from "./request-recorder.js";
import { TurnGuard } from "./turn-guard.js";

/** Test seams: what talks to the world, injectable without monkey-patching. */
export type SessionTransports = Pick<ModelClientOptions, "createWebSocket" | "createHttp" | "now">;

interface RequestPath {
  lanes: LaneTable;
  client: ModelClient;
  recorder: RequestRecorder;
  turns: TurnGuard;
}

/**
 * What every request of a session goes through, wired together: the lanes, the model
 * client, the recorder (events, ledger, totals), and turn and request numbers that go on
 * from the ledger's last line.
 */
export function createRequestPath(
  options: SessionOptions,
  transports: SessionTransports,
  hooks: {
    promptCacheKey: string;
    onEpochReset(): void;
    onUpdateRefused(model: string): void;
    onCacheOptionsRefused(model: string): void;
  },
): RequestPath {
  const { provider } = options;
  const lanes = new LaneTable({
    lanes: provider.wsLanes !== "off",
    maxLanes: provider.wsMaxLanes,
    sessionModel: options.settings.model,
    maxRequestsPerEpoch: provider.wsEpochMaxRequests,
    onEpochReset: hooks.onEpochReset,
    onDropped: (lane) => client.dropLane(lane),
  });
  const recorder = new RequestRecorder({
    home: options.home,
    sessionId: options.id,
    promptCacheKey: hooks.promptCacheKey,
    ledger: options.ledger !== false,
    ...(transports.now ? { now: transports.now } : {}),
  });
  const { last } = recorder.ledger;
  const turns = new TurnGuard((event) => recorder.emit(event), last.turn);
  const client = new ModelClient({
    lastSeq: last.seq,
    ...(last.completed?.response_id ? { lastResponseId: last.completed.response_id } : {}),
    provider,
    sessionId: options.id,
    threadId: hooks.promptCacheKey,
    version: options.version,
    lanes,
    warn: (message) => recorder.emit({ type: "warning", message }),
    onUpdateRefused: hooks.onUpdateRefused,
    onCacheOptionsRefused: hooks.onCacheOptionsRefused,
    comparisonFor: (request) => recorder.expectedReuse(request),
    ...transports,
  });
  return { lanes, client, recorder, turns };
}
