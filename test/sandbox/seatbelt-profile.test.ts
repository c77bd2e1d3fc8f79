import { describe, expect, it } from "vitest";
import {
  darwinCanonical,
  seatbeltArgs,
  seatbeltProfile,
} from "../../src/sandbox/seatbelt-profile.js";
import { paramsDefined, paramsUsed, readSbpl, sbplProblems } from "./sbpl.js";
import { SEATBELT_PLANS } from "./seatbelt-plans.js";

const OFF = { processListing: false };

/** The golden file's text: the profile, then the definitions sandbox-exec gets with it. */
function golden(name: string, knobs = OFF): string {
  const { text, params } = seatbeltProfile(SEATBELT_PLANS[name] as never, knobs);
  const defs = params.map(([key, value]) => `;;   -D${key}=${value}`);
  return `${text};; sandbox-exec -p <the profile above>, then:\n${defs.join("\n")}\n`;
}

/** The rules (top-level forms) that name `op`, as text, for promise-by-promise checks. */
function rulesFor(name: string, op: string, knobs = OFF): string[] {
  const { text } = seatbeltProfile(SEATBELT_PLANS[name] as never, knobs);
  return readSbpl(text)
    .filter((form) => Array.isArray(form) && form.includes(op))
    .map((form) => JSON.stringify(form));
}

/** Parameter values by name for a plan. */
function values(name: string): Record<string, string> {
  return Object.fromEntries(seatbeltProfile(SEATBELT_PLANS[name] as never, OFF).params);
}

describe("the Seatbelt profile of each mode and plan (golden files, reviewed against docs/config.md)", () => {
  for (const name of Object.keys(SEATBELT_PLANS)) {
    it(`${name}: the profile and its parameters`, async () => {
      await expect(golden(name)).toMatchFileSnapshot(`golden/seatbelt-${name}.sb`);
    });
  }
  it("process_listing: ps, pgrep and top see every process", async () => {
    const text = golden("workspace-write", { processListing: true });
    await expect(text).toMatchFileSnapshot("golden/seatbelt-process-listing.sb");
  });
});

describe("the profile keeps the Linux sandbox's promises", () => {
  it("reads: everything but the hidden credential paths and $MINI_CODEX_HOME, in every mode", () => {
    for (const name of ["read-only", "workspace-write", "workspace-write-network"]) {
      const [read] = rulesFor(name, "file-read*").filter((rule) => rule.includes('"/"'));
      const hidden = Object.entries(values(name)).filter(([key]) => key.startsWith("HIDDEN_"));
      expect(hidden.map(([, path]) => path).sort()).toEqual(
        ["/Users/me/.aws", "/Users/me/.codex", "/Users/me/.mini-codex", "/Users/me/.netrc"]
          .concat(["/Users/me/.npmrc", "/Users/me/.ssh"])
          .sort(),
      );
      for (const [key] of hidden)
        expect(read).toContain(`["require-not",["subpath",["param",{"str":"${key}"}]]]`);
    }
  });

  it("read-only: nothing writable but the private temp folder (and /dev/null)", () => {
    const writes = rulesFor("read-only", "file-write*");
    const toPaths = writes.filter((rule) => rule.includes("param"));
    expect(toPaths).toHaveLength(1);
    expect(toPaths[0]).toContain('"PRIVATE_TMP"');
    expect(toPaths[0]).not.toContain("WRITABLE_ROOT");
    expect(values("read-only").PRIVATE_TMP).toBe(SEATBELT_PLANS["read-only"]?.privateTemp);
  });

  it("workspace-write: the roots writable, git's files, linked files and hidden paths not", () => {
    const [write] = rulesFor("git-and-linked", "file-write*").filter((rule) =>
      rule.includes("param"),
    );
    const params = values("git-and-linked");
    expect(params.WRITABLE_ROOT_0).toBe("/Users/me/wt");
    const readOnly = Object.entries(params).filter(([key]) => key.startsWith("READ_ONLY_"));
    // the shared repository and the worktree's gitdir are outside the root: nothing to carve
    expect(readOnly.map(([, path]) => path)).toEqual([
      "/Users/me/wt/.git",
      "/Users/me/wt/node_modules/.pnpm/left-pad@1.3.0",
      "/Users/me/wt/packages/a/README.md",
    ]);
    // they exist (the plan is read from disk): subpath covers each and what is below it
    for (const [key] of readOnly) {
      expect(write).toContain(`["require-not",["subpath",["param",{"str":"${key}"}]]]`);
    }
    // the folders holding a linked file cannot be renamed away from the rule
    const holders = Object.entries(params).filter(([key]) => key.startsWith("HOLDER_"));
    expect(holders.map(([, path]) => path).sort()).toEqual(
      ["/Users/me/wt/node_modules", "/Users/me/wt/node_modules/.pnpm"]
        .concat(["/Users/me/wt/packages", "/Users/me/wt/packages/a"])
        .sort(),
    );
  });

  it("a workspace holding $HOME: hidden paths inside it are neither readable nor writable", () => {
    const params = values("home-workspace");
    const [write] = rulesFor("home-workspace", "file-write*").filter((r) => r.includes("param"));
    const hidden = Object.entries(params).filter(([key]) => key.startsWith("HIDDEN_"));
    expect(hidden).toHaveLength(5);
    for (const [key] of hidden) expect(write).toContain(`"${key}"`);
    expect(Object.values(params)).toContain("/Users/me/.config");
    expect(Object.values(params)).toContain("/Users/me/.config/git");
    // the snapshot is readable though below the private temp dir's parent, and never writable
    const shown = rulesFor("home-workspace", "file-read*").filter((r) => r.includes("SHOWN_0"));
    expect(shown).toHaveLength(1);
  });

  it("network: none unless network_access, and then IP and DNS but no Unix socket by path", () => {
    for (const name of ["read-only", "workspace-write"]) {
      expect(rulesFor(name, "network-outbound")).toEqual([]);
      expect(rulesFor(name, "network-bind")).toEqual([]);
    }
    const out = rulesFor("workspace-write-network", "network-outbound");
    expect(out).toEqual([
      '["allow","network-outbound",["remote","ip",{"str":"*:*"}]]',
      '["allow","network-outbound",["literal",{"str":"/private/var/run/mDNSResponder"}]]',
    ]);
  });

  it("terminals: another terminal's device stays closed unless the command runs in its own", () => {
    const data = (name: string) =>
      rulesFor(name, "file-write-data").filter((rule) => rule.includes("ttys"));
    expect(data("workspace-write")).toEqual([]);
    expect(data("own-terminal")).toHaveLength(1);
  });

  it("processes: only its own sandbox's, unless process_listing", () => {
    expect(rulesFor("workspace-write", "process-info*")).toEqual([
      '["allow","process-info*",["target","same-sandbox"]]',
    ]);
    expect(rulesFor("workspace-write", "process-info*", { processListing: true })).toContain(
      '["allow","process-info*"]',
    );
  });
});

describe("the profile's form", () => {
  const cases = [
    ...Object.keys(SEATBELT_PLANS).map((name) => ({ name, knobs: OFF })),
    { name: "workspace-write", knobs: { processListing: true } },
  ];
  for (const { name, knobs } of cases) {
    it(`${name}${knobs.processListing ? " (process_listing)" : ""}: balanced, known operations, every parameter defined once and used`, () => {
      const args = seatbeltArgs(SEATBELT_PLANS[name] as never, knobs);
      const forms = readSbpl(args[1] as string);
      expect(sbplProblems(forms)).toEqual([]);
      const defined = paramsDefined(args);
      const names = defined.map(([key]) => key);
      expect(new Set(names).size).toBe(names.length);
      expect([...new Set(paramsUsed(forms))].sort()).toEqual([...names].sort());
      for (const [, value] of defined) expect(value).toMatch(/^\/[^\n\0]*$/);
    });
  }

  it("the argument list: -p, the profile, one -DNAME=value per parameter, then --", () => {
    const plan = SEATBELT_PLANS["workspace-write"] as never;
    const args = seatbeltArgs(plan, OFF);
    const { text, params } = seatbeltProfile(plan, OFF);
    expect(args).toEqual(["-p", text, ...params.map(([k, v]) => `-D${k}=${v}`), "--"]);
  });

  it("the checker itself catches what would make sandbox-exec refuse a profile", () => {
    expect(() => readSbpl("(version 1)\n(allow file-read*")).toThrow(/unclosed/);
    expect(() => readSbpl("(version 1))")).toThrow(/unbalanced/);
    expect(sbplProblems(readSbpl('(version 1)(allow file-writ* (subpath "/"))'))).toEqual([
      "unknown operation file-writ*",
    ]);
    expect(sbplProblems(readSbpl('(version 1)(allow file-read* (subpth "/"))'))).toEqual([
      'unknown filter "subpth"',
    ]);
    expect(paramsUsed(readSbpl('(version 1)(allow file-read* (subpath (param "A")))'))).toEqual([
      "A",
    ]);
  });

  it("paths are canonical: /tmp, /var and /etc are where they lead, under /private", () => {
    expect(darwinCanonical("/tmp/scratch")).toBe("/private/tmp/scratch");
    expect(darwinCanonical("/var/folders/zz/T")).toBe("/private/var/folders/zz/T");
    expect(darwinCanonical("/etc")).toBe("/private/etc");
    expect(darwinCanonical("/private/tmp/x")).toBe("/private/tmp/x");
    expect(darwinCanonical("/tmpfoo")).toBe("/tmpfoo");
    expect(values("extra-roots").WRITABLE_ROOT_2).toBe("/private/tmp/scratch");
  });
});
