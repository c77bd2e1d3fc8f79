/**
 * Where requests go and with what: the provider (base URL, WebSocket, retries), the sign-in it
 * uses, the model catalog (bundled, discovered from `/models`, laid over by `[models]`) and the
 * prices.
 */

export type { CatalogSetup } from "./model-catalog.js";
export { checkedEffort, setUpCatalog } from "./model-catalog.js";
export { configuredPrices } from "./model-prices.js";
export { resolveProvider } from "./provider.js";
export {
  codexSignInToOffer,
  findSignIn,
  needsSignIn,
  recordTopLevelKey,
  signInIssuerOf,
} from "./sign-in.js";
