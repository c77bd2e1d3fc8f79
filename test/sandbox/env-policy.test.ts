import { describe, expect, it } from "vitest";
import { commandEnvironment } from "../../src/sandbox/env-policy.js";
import { defaultSettings } from "../../src/settings/index.js";

const parent = {
  PATH: "/usr/bin",
  HOME: "/home/me",
  OPENAI_API_KEY: "sk-openai",
  CODEX_API_KEY: "sk-codex",
  MY_PROVIDER_KEY: "sk-provider",
  GITHUB_TOKEN: "ghp",
  aws_secret_access_key: "aws",
  EDITOR: "vim",
};

describe("commandEnvironment ([shell_environment_policy])", () => {
  it("by default drops every name with KEY, SECRET or TOKEN (any case), keeps the rest", () => {
    expect(commandEnvironment(parent)).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/me",
      EDITOR: "vim",
    });
  });

  it("ignore_default_excludes keeps them, but the API keys and env_key are always removed", () => {
    const env = commandEnvironment(
      parent,
      {
        ...defaultSettings().shellEnvironment,
        ignoreDefaultExcludes: true,
        set: { OPENAI_API_KEY: "again" },
      },
      ["MY_PROVIDER_KEY"],
    );
    expect(env.GITHUB_TOKEN).toBe("ghp");
    expect(env.aws_secret_access_key).toBe("aws");
    expect(env).not.toHaveProperty("OPENAI_API_KEY");
    expect(env).not.toHaveProperty("CODEX_API_KEY");
    expect(env).not.toHaveProperty("MY_PROVIDER_KEY");
  });

  it("inherit core keeps HOME and PATH only; none keeps nothing; set adds", () => {
    expect(
      commandEnvironment(parent, { ...defaultSettings().shellEnvironment, inherit: "core" }),
    ).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/me",
    });
    expect(
      commandEnvironment(parent, {
        ...defaultSettings().shellEnvironment,
        inherit: "none",
        set: { A: "1" },
      }),
    ).toEqual({ A: "1" });
  });

  it("exclude and include_only take wildcard patterns, case-insensitive", () => {
    expect(
      commandEnvironment(parent, { ...defaultSettings().shellEnvironment, exclude: ["ed*"] }),
    ).toEqual({
      PATH: "/usr/bin",
      HOME: "/home/me",
    });
    expect(
      commandEnvironment(parent, {
        ...defaultSettings().shellEnvironment,
        includeOnly: ["PA?H", "x*"],
      }),
    ).toEqual({ PATH: "/usr/bin" });
  });
});
