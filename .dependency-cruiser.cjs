// The import direction of src/ (docs/architecture.md, "Layers"), read from layers.json: a folder
// may import only the folders on the lines below its own — never its own line, never one above.
const { readdirSync } = require("node:fs");
const { join } = require("node:path");
const { layers: LAYERS } = require("./layers.json");

const ALL = LAYERS.flat();

/** For each folder: anything in src/ outside its own folder and the lines below is forbidden. */
function directionRules() {
  return LAYERS.flatMap((line, index) =>
    line.map((folder) => {
      const allowed = LAYERS.slice(index + 1).flat();
      return {
        name: `layer-${folder}`,
        comment: `src/${folder} may import only: ${allowed.join(", ") || "nothing else in src"}`,
        severity: "error",
        from: { path: `^src/${folder}/` },
        to: { path: "^src/", pathNot: `^src/(${[folder, ...allowed].join("|")})/` },
      };
    }),
  );
}

/** Every folder below src/ (src/session, src/session/wire, …). */
function folders(dir = "src") {
  return readdirSync(dir, { withFileTypes: true })
    .filter((entry) => entry.isDirectory())
    .flatMap((entry) => {
      const path = join(dir, entry.name).split("\\").join("/");
      return [path, ...folders(path)];
    });
}

/**
 * Front doors (docs/architecture.md, "Folders"): from outside a folder, only its index.ts is
 * imported. A dynamic import() may reach past it: it loads one module on demand (the TUI, exec).
 */
function frontDoorRules() {
  return folders().map((folder) => ({
    name: `front-door-${folder.slice(4).replaceAll("/", "-")}`,
    comment: `from outside ${folder}, import only ${folder}/index.ts`,
    severity: "error",
    from: { pathNot: `^${folder}/` },
    to: {
      path: `^${folder}/`,
      pathNot: `^${folder}/index\\.ts$`,
      dependencyTypesNot: ["dynamic-import"],
    },
  }));
}

module.exports = {
  forbidden: [
    ...directionRules(),
    ...frontDoorRules(),
    {
      name: "no-file-cycle",
      comment:
        "no circle of files anywhere in src/: a type lives where its owner lives (docs/architecture.md)",
      severity: "error",
      from: { path: "^src/" },
      to: { circular: true },
    },
    {
      name: "ui-controller-plain",
      comment:
        "src/ui/controller is plain TypeScript (the TUI's facts and intents): no views, no hooks (biome.json forbids ink and react there)",
      severity: "error",
      from: { path: "^src/ui/controller/" },
      to: { path: ["\\.tsx$", "/use-[a-z-]+\\.ts$"] },
    },
    {
      name: "layer-unknown-folder",
      comment: `every folder of src/ has a place in the layers (${ALL.join(", ")})`,
      severity: "error",
      from: { path: "^src/", pathNot: `^src/(${ALL.join("|")})/` },
      to: { path: "^src/" },
    },
  ],
  options: {
    doNotFollow: { path: "node_modules" },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: "tsconfig.json" },
    exclude: { path: "^(dist|node_modules)/" },
  },
};
