import type { SessionOptions } from "../../src/session/api.js";
import type { ProviderSettings } from "../../src/session/wire/provider-settings.js";
import { type Harness, startHarness } from "../session/harness.js";
import { testSignIn } from "./credentials.js";

/** A session signed in with ChatGPT against the demo's Codex backend (`/backend-api/codex`). */
export function backendHarness(
  sign = testSignIn(),
  overrides: Partial<ProviderSettings> = {},
  options: Partial<SessionOptions> = {},
): Promise<Harness> {
  return startHarness({
    ...options,
    providerOverrides: (server) => {
      sign.bind(server);
      return {
        baseUrl: `${server.backendUrl}codex`,
        credentials: sign.credentials,
        codexBackend: true,
        ...overrides,
      };
    },
  });
}
