import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import {
  catalogHeaders,
  catalogUrl,
  refreshCatalog,
} from "../../src/launch/provider/catalog-discovery.js";
import { requestWritten } from "../../src/transport/first-request.js";
import { testSignIn } from "./credentials.js";

let server: DemoServer | undefined;
let home: string | undefined;
afterEach(async () => {
  await server?.close();
  if (home) rmSync(home, { recursive: true, force: true });
});

it("asks the Codex backend's models endpoint with client_version and the ChatGPT headers", async () => {
  server = await startDemoServer();
  home = mkdtempSync(join(tmpdir(), "mini-codex-models-"));
  const sign = testSignIn();
  sign.bind(server);
  const url = catalogUrl(`${server.backendUrl}codex`, undefined, "1.2.3");
  expect(url).toBe(`${server.backendUrl}codex/models?client_version=1.2.3`);
  let found = 0;
  requestWritten(); // discovery waits for the first request of the process
  const refresh = refreshCatalog({
    home,
    url,
    headers: () =>
      catalogHeaders({ credentials: sign.credentials, codexBackend: true, version: "1.2.3" }),
    onModels: (models) => {
      found = models.length;
    },
  });
  await refresh.done;
  expect(found).toBeGreaterThan(0);
  expect(server.catalogRequests.at(-1)?.headers).toMatchObject({
    authorizationPresent: true,
    chatgptAccountId: "acct-demo-0001",
    version: "1.2.3",
    originator: "mini_codex",
  });
});
