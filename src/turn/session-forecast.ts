import { type ResponseItem, userMessage } from "../protocol/index.js";
import type {
  ForecastChange,
  FullRequest,
  LaneTable,
  ModelClient,
  NextRequestPreview,
  RequestForecast,
  RequestFrame,
  RequestWire,
  SessionSettings,
} from "../session/index.js";
import { carriedEffort, settingsChangedMessage } from "../session/index.js";
import { compactionRequestItem, compactionTrigger } from "./compaction/index.js";
import type { ModelWire } from "./model-wire.js";
import { nextRequestPreview } from "./session-status.js";

/** What a forecast reads of a session; it changes none of it. */
interface ForecastParts {
  settings: SessionSettings;
  model: ModelWire;
  history: readonly ResponseItem[];
  /** The settings note not sent yet (a change made earlier). */
  pendingNote: readonly ResponseItem[];
  /** The frame of the next request for `settings` shaped as `wire` (the upcoming tools). */
  frame(settings: SessionSettings, wire: RequestWire): RequestFrame;
  build(frame: RequestFrame, extra: ResponseItem[]): FullRequest;
  client: Pick<ModelClient, "preview">;
  lanes: Pick<LaneTable, "all" | "size">;
  price(request: FullRequest): RequestForecast;
}

/**
 * The next request if `change` were made (none: as things are), planned and priced without
 * sending or changing anything: a model or effort change, the request of a compaction, or the
 * first request of a turn opened by a given message (a goal's next turn).
 */
export function forecastNext(parts: ForecastParts, change?: ForecastChange): NextRequestPreview {
  const { settings: now, model, history } = parts;
  const settings = change && "settings" in change ? { ...now, ...change.settings } : now;
  const changed = settings.model !== now.model || settings.effort !== now.effort;
  // the note a change would send: a model switch, or an effort change that is not in-band
  const noted = changed && (settings.model !== now.model || !model.inBand(settings.model));
  const note = noted
    ? [settingsChangedMessage(settings.model, settings.effort)]
    : parts.pendingNote;
  const update = model.previewEffortUpdate(history, settings);
  const compaction =
    change && "compaction" in change
      ? [model.remoteCompaction(settings.model) ? compactionTrigger() : compactionRequestItem()]
      : [];
  const message = change && "message" in change ? [userMessage(change.message)] : [];
  const frame = parts.frame(settings, model.previewWire(settings));
  const request = parts.build(frame, [...note, ...update, ...compaction, ...message]);
  const preview = nextRequestPreview(
    parts.client.preview(request),
    parts.lanes,
    carriedEffort(update),
  );
  return { ...preview, forecast: parts.price(request) };
}
