import { join } from "node:path";
import { errorMessage } from "../../protocol/index.js";
import { gitRoot } from "../../sandbox/index.js";
import { RuleBook } from "../../tools/index.js";
import { CliError } from "../errors.js";
import { EXIT_FAILED } from "../exit-codes.js";

/**
 * The rules on disk: `$MINI_CODEX_HOME/rules/*.rules`, the Codex home's `rules/` when
 * config.toml comes from there (`configHome`), and the project's `.codex/rules/*.rules` (the
 * project is the git work tree holding cwd, else cwd). A malformed file stops the start with
 * its file:line:column (as a malformed config.toml does).
 */
export function loadRuleBook(home: string, cwd: string, configHome: string = home): RuleBook {
  const project = join(gitRoot(cwd) ?? cwd, ".codex", "rules");
  const codex = configHome === home ? {} : { codex: join(configHome, "rules") };
  try {
    return new RuleBook({ user: join(home, "rules"), project, ...codex });
  } catch (error) {
    throw new CliError(`rules: ${errorMessage(error)}`, EXIT_FAILED);
  }
}
