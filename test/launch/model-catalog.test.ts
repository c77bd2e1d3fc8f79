import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { type DemoServer, startDemoServer } from "../../src/demo/index.js";
import { ConfigError } from "../../src/launch/errors.js";
import { setUpCatalog } from "../../src/launch/provider/model-catalog.js";
import { loadRuntime } from "../../src/launch/runtime.js";
import {
  lookupModel,
  ModelCatalog,
  pickerModels,
  setActiveCatalog,
} from "../../src/models/catalog.js";
import { requestWritten } from "../../src/transport/first-request.js";
import { provider } from "../session/harness.js";

let root: string;
let server: DemoServer | undefined;
beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "mini-codex-catalog-"));
  setActiveCatalog(new ModelCatalog());
});
afterEach(async () => {
  setActiveCatalog(new ModelCatalog());
  await server?.close();
  server = undefined;
  rmSync(root, { recursive: true, force: true });
});

/** A loopback port nothing listens on (bound, then released). */
async function deadPort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve) => probe.listen(0, "127.0.0.1", resolve));
  const port = (probe.address() as { port: number }).port;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

// first in the file: the gate is the process's, and later tests run with it open
describe("discovery waits for the first request (start-up's critical path)", () => {
  it("no GET /models goes out until the process's first request is written", async () => {
    server = await startDemoServer();
    const setup = setUpCatalog({ home: root, provider: provider(server.baseUrl), discovery: true });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(server.catalogRequests).toHaveLength(0);
    requestWritten();
    await setup.refresh?.done;
    expect(server.catalogRequests).toHaveLength(1);
  });
});

describe("discovery: the provider's GET /models, cached with its ETag", () => {
  beforeAll(() => requestWritten());
  it("a provider serving a catalog gives the picker its models and efforts (from the next lookup on)", async () => {
    server = await startDemoServer();
    const setup = setUpCatalog({ home: root, provider: provider(server.baseUrl), discovery: true });
    expect(lookupModel("gpt-6-astra").source).toBe("bundled"); // nothing fetched at start-up
    await setup.refresh?.done;
    expect(server.catalogRequests).toHaveLength(1);
    const astra = pickerModels().find((model) => model.slug === "gpt-6-astra");
    expect(astra).toMatchObject({ source: "discovered", effortUpdates: true });
    expect(astra?.efforts).toEqual(["low", "medium", "high", "xhigh", "max", "ultra"]);
    const [cacheFile] = readdirSync(join(root, "models"));
    const cached = JSON.parse(readFileSync(join(root, "models", cacheFile as string), "utf8"));
    expect(cached.etag).toBe('"demo-catalog-1"');

    // the next start reads the cache before any fetch, and revalidates with the ETag (304)
    setActiveCatalog(new ModelCatalog());
    const again = setUpCatalog({ home: root, provider: provider(server.baseUrl), discovery: true });
    expect(lookupModel("gpt-6-astra").source).toBe("discovered");
    await again.refresh?.done;
    expect(server.catalogRequests).toHaveLength(2);
  });

  it("an unreachable /models changes nothing and fails nothing", async () => {
    const base = `http://127.0.0.1:${await deadPort()}/v1`;
    const setup = setUpCatalog({ home: root, provider: provider(base), discovery: true });
    await setup.refresh?.done;
    expect(lookupModel("gpt-6-astra").source).toBe("bundled");
  });

  it("a refused in-band update is remembered in the cached catalog", async () => {
    server = await startDemoServer();
    const setup = setUpCatalog({ home: root, provider: provider(server.baseUrl), discovery: true });
    await setup.refresh?.done;
    setup.noEffortUpdates("gpt-6-astra");
    expect(lookupModel("gpt-6-astra")).toMatchObject({
      effortUpdates: false,
      source: "discovered",
    });
    setActiveCatalog(new ModelCatalog());
    setUpCatalog({ home: root, provider: provider(server.baseUrl), discovery: false });
    setUpCatalog({
      home: root,
      provider: provider(server.baseUrl),
      discovery: true,
    }).refresh?.stop();
    expect(lookupModel("gpt-6-astra").effortUpdates).toBe(false);
  });
});

describe("config.toml: [models] overrides and efforts checked against the model", () => {
  const run = (config: string, flags: Record<string, unknown> = {}) => {
    const home = join(root, "home");
    mkdirSync(home, { recursive: true });
    writeFileSync(join(home, "config.toml"), config);
    const warnings: string[] = [];
    return loadRuntime({
      flags: { config: [], addDir: [], cd: root, demo: true, ...flags },
      defaultApprovalPolicy: "never",
      env: { MINI_CODEX_HOME: home },
      warn: (message) => warnings.push(message),
    }).then((runtime) => ({ runtime, warnings }));
  };

  it("a [models] table lays configured facts over the bundled ones", async () => {
    const { runtime } = await run(
      'model = "gpt-5.6-terra"\n[models."gpt-5.6-terra"]\neffort_updates = true\ncontext_window = 100000\n',
    );
    await runtime.close();
    expect(lookupModel("gpt-5.6-terra")).toMatchObject({
      source: "configured",
      effortUpdates: true,
      contextWindow: 100_000,
      requestShape: "lite",
    });
  });

  it("an effort the model does not offer fails naming the model's efforts; ultra is mapped", async () => {
    await expect(run('model = "gpt-5-codex"\nmodel_reasoning_effort = "max"\n')).rejects.toThrow(
      ConfigError,
    );
    await expect(run('model = "gpt-5-codex"\nmodel_reasoning_effort = "max"\n')).rejects.toThrow(
      /gpt-5-codex offers the efforts .*; not "max"/,
    );
    const astra = await run('model = "gpt-6-astra"', { effort: "ultra" });
    await astra.runtime.close();
    expect(astra.runtime.effort).toBe("xhigh");
    const sol = await run('model = "gpt-6-sol"', { effort: "ultra" });
    await sol.runtime.close();
    expect(sol.runtime.effort).toBe("max");
  });

  it("an unknown slug gets the classic shape and one warning", async () => {
    const { runtime, warnings } = await run('model = "gpt-5.1-codex"\n');
    await runtime.close();
    expect(lookupModel("gpt-5.1-codex").requestShape).toBe("classic");
    expect(warnings.filter((w) => w.includes("not in the model catalog"))).toHaveLength(1);
  });
});
