import {
  type DemoDecision,
  type DemoModelInput,
  decideDemoResponse,
} from "../../src/demo/model/model.js";
import type { DemoOutput } from "../../src/demo/model/model-tools.js";
import type { DemoToolOffer } from "../../src/demo/request/offers.js";
import { type ResponseItem, userMessage } from "../../src/protocol/items.js";

/** The demo model's decision for a context (a string is one user message) under a tool set. */
export function decider(tools: DemoToolOffer[]) {
  return (context: ResponseItem[] | string, extra: Partial<DemoModelInput> = {}): DemoDecision => {
    const items = typeof context === "string" ? [userMessage(context)] : context;
    return decideDemoResponse({ context: items, tools, reasoning: false, ...extra });
  };
}

export function outputsOf(decision: DemoDecision): DemoOutput[] {
  if (decision.kind !== "respond") throw new Error("expected a response");
  return decision.outputs;
}

export function textOf(output: DemoOutput | undefined): string {
  if (output?.type !== "message") throw new Error(`expected a message, got ${output?.type}`);
  return output.deltas.join("");
}
