/**
 * The ChatGPT side of the demo server: the Codex backend's usage headers and plan windows, its
 * access tokens, and the OAuth issuer a ChatGPT sign-in talks to (device code, browser,
 * refresh).
 */

export {
  ACCOUNTS_CHECK_PATH,
  accountsCheck,
  BACKEND_MODELS_PATH,
  BACKEND_RESPONSES_PATH,
  DemoBackend,
  isBackendPath,
} from "./backend.js";
export { type BackendCaller, isRefusal, type TokenVerifier } from "./backend-token.js";
export { planUsageHeaders } from "./backend-usage.js";
export type { IssuerOptions } from "./issuer.js";
export { DemoIssuer } from "./issuer.js";
export { handleIssuer, isIssuerPath } from "./issuer-http.js";
