import { execFileSync } from "node:child_process";
import { describe, expect, it } from "vitest";
import { captureScript, parseCapture, snapshotText } from "../../src/sandbox/login-snapshot.js";
import { defaultSettings } from "../../src/settings/index.js";

const startEnv = { PATH: "/usr/bin:/bin", HOME: "/home/me", PAGER: "cat", GONE: "x" };

describe("the login snapshot's text", () => {
  it("keeps what the profile added or changed, through the policy, and what it unset", () => {
    const text = snapshotText({
      captured: {
        env: {
          PATH: "/home/me/bin:/usr/bin:/bin",
          HOME: "/home/me",
          PAGER: "less",
          NVM_DIR: "/home/me/.nvm",
          OPENAI_API_KEY: "sk-1",
          AWS_SECRET_ACCESS_KEY: "s",
          PROVIDER: "p",
          DROPPED_BY_CONFIG: "d",
          SHLVL: "2",
          "not-a-name": "n",
        },
        functions: "",
      },
      startEnv,
      policy: { ...defaultSettings().shellEnvironment, exclude: ["DROPPED_*"] },
      removeEnv: ["PROVIDER"],
      keep: ["PAGER"],
    });
    expect(text.split("\n").slice(1)).toEqual([
      "export PATH='/home/me/bin:/usr/bin:/bin'",
      "export NVM_DIR='/home/me/.nvm'",
      "builtin unset GONE",
      "builtin unset BASH_ENV",
      "",
    ]);
  });

  it("include_only applies to the profile's exports; inherit does not drop them", () => {
    const text = snapshotText({
      captured: { env: { ...startEnv, GONE: "x", A_ONE: "1", B_TWO: "2" }, functions: "" },
      startEnv,
      policy: {
        ...defaultSettings().shellEnvironment,
        inherit: "core",
        includeOnly: ["A_*", "PATH", "HOME"],
      },
      removeEnv: [],
      keep: [],
    });
    expect(text).toContain("export A_ONE='1'");
    expect(text).not.toContain("B_TWO");
  });

  it("round-trips through real bash: the capture script's output, parsed, then sourced", () => {
    const marker = "mini-codex-snapshot-test";
    const env = { PATH: process.env.PATH ?? "/usr/bin:/bin", HOME: "/nonexistent" };
    const script = `export ODD=$'it\\'s "x"\\nline two'; f() { echo "f:$1"; }; echo noise\n${captureScript(marker)}`;
    const output = execFileSync("bash", ["-c", script], { env, encoding: "utf8" });
    const captured = parseCapture(output, marker);
    expect(captured?.env.ODD).toBe('it\'s "x"\nline two');
    const text = snapshotText({
      captured: captured ?? { env: {}, functions: "" },
      startEnv: env,
      policy: undefined,
      removeEnv: [],
      keep: [],
    });
    const seen = execFileSync("bash", ["-c", `eval "$(cat)"; printf '%s|' "$ODD"; f 1`], {
      env,
      input: text,
      encoding: "utf8",
    });
    expect(seen).toBe('it\'s "x"\nline two|f:1\n');
    expect(parseCapture("noise only", marker)).toBeUndefined();
  });
});
