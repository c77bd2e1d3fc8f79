import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import {
  cycleEffort,
  effortError,
  lookupModel,
  ModelCatalog,
  stepEffort,
  wireEffort,
} from "../../src/models/catalog.js";
import { parseCodexCatalog } from "../../src/models/codex-format.js";

/** Codex CLI 0.171's own catalog (`codex debug models --bundled`, protocol-2026 captures). */
const codexCatalog = JSON.parse(
  readFileSync(join(import.meta.dirname, "../fixtures/codex-0.171-models.json"), "utf8"),
);

describe("the bundled catalog", () => {
  it("states every wire-shaping fact of Codex 0.171's catalog as Codex does", () => {
    const { models, problems } = parseCodexCatalog(codexCatalog);
    expect(problems).toEqual([]);
    expect(models.length).toBe(14);
    for (const codex of models) {
      const ours = lookupModel(codex.slug);
      expect(ours.known, codex.slug).toBe(true);
      expect(ours.source).toBe("bundled");
      const compared = {
        contextWindow: ours.contextWindow,
        maxContextWindow: ours.maxContextWindow,
        efforts: ours.efforts,
        defaultEffort: ours.defaultEffort,
        effortUpdates: ours.effortUpdates,
        requestShape: ours.requestShape,
        toolMode: ours.toolMode,
        shellType: ours.shellType,
        verbosity: ours.verbosity,
        serviceTiers: ours.serviceTiers,
        listed: ours.listed,
        displayName: ours.displayName,
      };
      const expected = { ...compared, ...codex, effortUpdates: codex.effortUpdates ?? false };
      delete (expected as { slug?: string }).slug;
      delete (expected as { ultraEffort?: string }).ultraEffort;
      expect(compared, codex.slug).toEqual(expected);
      expect(ours.ultraEffort).toBe(codex.ultraEffort);
    }
  });

  it("keeps the models mini-codex offered before, in the classic shape", () => {
    const codex = lookupModel("gpt-5-codex");
    expect(codex).toMatchObject({
      requestShape: "classic",
      shellType: "shell_command",
      defaultEffort: "medium",
    });
    expect(codex.efforts).toEqual(["low", "medium", "high"]);
    expect(lookupModel("gpt-4.1").efforts).toEqual([]);
    expect(lookupModel("gpt-4.1").defaultEffort).toBeUndefined();
  });

  it("gives an unknown slug the classic shape, marked unknown, and lets the server judge efforts", () => {
    const model = lookupModel("gpt-5.1-codex");
    expect(model).toMatchObject({
      known: false,
      source: "fallback",
      requestShape: "classic",
      contextWindow: 272_000,
    });
    expect(effortError(model, "max")).toBeUndefined();
    expect(lookupModel("my-local-model").efforts).toEqual([]);
  });
});

describe("efforts", () => {
  it("names the model's efforts when one is not offered", () => {
    expect(effortError(lookupModel("gpt-5-codex"), "xhigh")).toBe(
      'gpt-5-codex offers the efforts low, medium, high; not "xhigh"',
    );
    expect(effortError(lookupModel("gpt-4.1"), "low")).toBe(
      "gpt-4.1 does not take a reasoning effort",
    );
    expect(effortError(lookupModel("gpt-6-astra"), "minimal")).toContain(
      "low, medium, high, xhigh, max, ultra",
    );
    expect(effortError(lookupModel("gpt-6-astra"), "max")).toBeUndefined();
  });

  it("maps ultra to the model's wire value, never sending it", () => {
    expect(wireEffort(lookupModel("gpt-6-astra"), "ultra")).toBe("xhigh");
    expect(wireEffort(lookupModel("gpt-6-sol"), "ultra")).toBe("max");
    expect(wireEffort(lookupModel("gpt-6-sol"), "high")).toBe("high");
  });

  it("steps and cycles through the model's own efforts only", () => {
    const codex = lookupModel("gpt-5-codex");
    expect(stepEffort(codex, "medium", 1)).toBe("high");
    expect(stepEffort(codex, "high", 1)).toBeUndefined();
    expect(stepEffort(codex, "low", -1)).toBeUndefined();
    expect(cycleEffort(codex, "high")).toBe("low");
    expect(cycleEffort(lookupModel("gpt-4.1"), undefined)).toBeUndefined();
  });
});

describe("catalog sources", () => {
  it("lays discovered and configured facts over the bundled ones, newest source winning", () => {
    const discovered = parseCodexCatalog({
      models: [
        { slug: "gpt-6-astra", supports_reasoning_effort_updates: false, context_window: 100_000 },
        {
          slug: "house-model",
          display_name: "House",
          use_responses_lite: true,
          visibility: "list",
        },
        { display_name: "no slug" },
      ],
    });
    expect(discovered.problems).toEqual(["models[2]: no slug"]);
    const catalog = new ModelCatalog()
      .with("discovered", discovered.models)
      .with("configured", [{ slug: "gpt-6-astra", contextWindow: 50_000 }]);
    const astra = catalog.lookup("gpt-6-astra");
    expect(astra).toMatchObject({
      source: "configured",
      contextWindow: 50_000,
      effortUpdates: false,
    });
    expect(astra.efforts).toContain("ultra");
    expect(catalog.lookup("house-model")).toMatchObject({
      known: true,
      source: "discovered",
      requestShape: "lite",
    });
    expect(catalog.pickerModels().map((m) => m.slug)).toContain("house-model");
    expect(catalog.pickerModels("my-local")[0]?.slug).toBe("my-local");
  });

  it("refuses a catalog without a models list with a reason", () => {
    expect(parseCodexCatalog({ data: [] })).toEqual({
      models: [],
      problems: ['no "models" list in the catalog'],
    });
  });
});
