/**
 * Credentials: the API key or ChatGPT sign-in in auth.json, read, refreshed (one refresh across
 * processes) and handed to the wire as a bearer; the device-code and browser sign-in flows.
 * Nothing here ever writes a token anywhere but auth.json.
 */
export {
  apiKeyFile,
  authFilePath,
  authModeOf,
  readAuthFile,
  removeAuthFile,
  writeAuthFile,
} from "./auth-file.js";
export { startBrowserSignIn } from "./browser-sign-in.js";
export type { ChatgptSignIn } from "./chatgpt-sign-in.js";
export { saveSignIn } from "./code-exchange.js";
export type { BearerCredentials, BearerToken, SignedInAccount } from "./credentials.js";
export { AuthError } from "./credentials.js";
export { API_KEY_REJECTED, apiKeyCredentials, credentialsFor } from "./credentials-for.js";
export { completeDeviceSignIn, requestDeviceCode } from "./device-sign-in.js";
export { withAuthLock } from "./home-lock.js";
export type { SignInIssuer } from "./issuer.js";
export { CODEX_CLIENT_ID, signInIssuer } from "./issuer.js";
export { AUTH_CLAIMS, jwtPayload, PROFILE_CLAIMS, signInClaims } from "./jwt-claims.js";
