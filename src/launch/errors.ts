import { EXIT_FAILED, EXIT_USAGE } from "./exit-codes.js";

/** An expected failure of the command line: carries the exit code and a user-facing message. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly exitCode: number,
  ) {
    super(message);
    this.name = "CliError";
  }
}

/** Bad flags or arguments (exit 2). */
export class UsageError extends CliError {
  constructor(message: string) {
    super(message, EXIT_USAGE);
    this.name = "UsageError";
  }
}

/** A bad config file, override or provider setting (exit 1); names the key when there is one. */
export class ConfigError extends CliError {
  constructor(
    message: string,
    readonly key?: string,
  ) {
    super(message, EXIT_FAILED);
    this.name = "ConfigError";
  }
}
