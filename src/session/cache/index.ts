/**
 * Explaining and forecasting the prompt cache from the requests a session sent: the longest
 * earlier prefix a request shares (prefix-index), why its cache fell short (cache-explainer),
 * and what the next request will read and cost (request-forecaster).
 */
export { CacheExplainer, seedFromLedgerRow } from "./cache-explainer.js";
