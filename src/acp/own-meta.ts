// mini-codex's own facts on the ACP surface: every `_meta` it writes is `{ "mini-codex": {…} }`
// with the schema version of mini-codex's machine-readable surfaces (SCHEMA_VERSION, also
// `exec --json`'s `schema_version`), so a client can rely on the shape (docs/acp.md).

import { SCHEMA_VERSION } from "../launch/index.js";

/** The `_meta` key mini-codex writes under (ACP reserves the rest of `_meta`). */
const META_KEY = "mini-codex";

/** The extension method that steers a running turn (advertised in initialize's capabilities). */
export const STEER_METHOD = "_mini-codex/steer";

type OwnMeta = { [META_KEY]: Record<string, unknown> };

/** `{ "mini-codex": { schema: 1, …facts } }`. */
export function ownMeta(facts: Record<string, unknown>): OwnMeta {
  return { [META_KEY]: { schema: SCHEMA_VERSION, ...facts } };
}
