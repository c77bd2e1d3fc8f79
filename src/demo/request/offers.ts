import type { ResponseItem } from "../../protocol/index.js";
import { REMOVED_TOOLS_HEADER } from "../../protocol/index.js";
import { isObject, type Json } from "./request-fields.js";

/** A tool as the demo model sees it: its type and, for named ones, its name. */
export interface DemoToolOffer {
  type: string;
  name?: string;
  /** The namespace it was declared in (a call into it names the namespace). */
  namespace?: string;
}

/** The tools the model can call, a namespace's members included. */
export function offersOf(tools: Json[], namespace?: string): DemoToolOffer[] {
  return tools.flatMap((tool) => {
    const own: DemoToolOffer = { type: String(tool.type) };
    if (typeof tool.name === "string") own.name = tool.name;
    if (namespace) own.namespace = namespace;
    if (tool.type !== "namespace" || !Array.isArray(tool.tools)) return [own];
    return offersOf(tool.tools.filter(isObject), own.name);
  });
}

/**
 * The tools a context offers (Responses Lite): each `additional_tools` item declares tools, a
 * later declaration of a name replaces the earlier one, and a developer message listing tools
 * "no longer available" (`namespace.name`) withdraws them.
 */
export function offersInContext(context: readonly ResponseItem[]): DemoToolOffer[] {
  const offers = new Map<string, DemoToolOffer>();
  const key = (offer: DemoToolOffer) =>
    offer.namespace ? `${offer.namespace}.${offer.name}` : (offer.name ?? offer.type);
  for (const item of context) {
    if (item.type === "additional_tools" && Array.isArray(item.tools)) {
      for (const offer of offersOf((item.tools as unknown[]).filter(isObject)))
        offers.set(key(offer), offer);
    } else if (item.type === "message" && item.role === "developer") {
      const text = Array.isArray(item.content) ? (item.content[0] as Json | undefined)?.text : "";
      if (typeof text !== "string" || !text.startsWith(REMOVED_TOOLS_HEADER)) continue;
      for (const line of text.split("\n").slice(1)) offers.delete(line.replace(/^- /, ""));
    }
  }
  return [...offers.values()];
}
