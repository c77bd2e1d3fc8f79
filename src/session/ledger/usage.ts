import type { UsageFigures } from "../../protocol/index.js";

/** Usage before any response reported some (a fresh object each time). */
export function noUsage(): UsageFigures {
  return { input_tokens: 0, cached_tokens: 0, output_tokens: 0, reasoning_tokens: 0 };
}

/** `total` plus `usage` (a response that reported none adds nothing). */
export function addUsage(total: UsageFigures, usage: UsageFigures | undefined): UsageFigures {
  if (!usage) return total;
  return {
    input_tokens: total.input_tokens + usage.input_tokens,
    cached_tokens: total.cached_tokens + usage.cached_tokens,
    output_tokens: total.output_tokens + usage.output_tokens,
    reasoning_tokens: total.reasoning_tokens + usage.reasoning_tokens,
  };
}

/** The usage of the responses steering cut before a response (billed with its request). */
export function steeredUsageOf(response?: {
  steered?: ReadonlyArray<{ usage?: UsageFigures }>;
}): UsageFigures[] {
  return (response?.steered ?? []).flatMap((segment) => segment.usage ?? []);
}

/** Each response a request was billed for: the ones steering cut, then its own. */
export function billedResponses(request: {
  usage?: UsageFigures | undefined;
  steeredUsage?: readonly UsageFigures[] | undefined;
}): UsageFigures[] {
  return [...(request.steeredUsage ?? []), ...(request.usage ? [request.usage] : [])];
}

/** Every token a request was billed for: its response's usage and the responses steering cut. */
export function requestUsage(request: {
  usage?: UsageFigures | undefined;
  steeredUsage?: readonly UsageFigures[] | undefined;
}): UsageFigures | undefined {
  const all = billedResponses(request);
  return all.length === 0 ? undefined : all.reduce(addUsage, noUsage());
}
