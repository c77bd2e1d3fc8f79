import type { TuiLaunchOptions } from "../contract.js";

type Policy = TuiLaunchOptions["approvalPolicy"];
type Sandbox = TuiLaunchOptions["sandbox"];

/** What each sandbox mode enforces on shell commands and patches, in one line. */
export function sandboxEnforces(sandbox: Sandbox, platform = process.platform): string {
  // macOS: Seatbelt, with a private temp folder (TMPDIR) where Linux has a /tmp of its own
  const [engine, temp] = platform === "darwin" ? ["Seatbelt", "temp folder"] : ["bwrap", "/tmp"];
  switch (sandbox) {
    case "read-only":
      return `commands confined (${engine}): nothing writable but a private ${temp}, no network`;
    case "workspace-write":
      return `commands confined (${engine}): writes only in the workspace and a private ${temp} (.git read-only), no network unless network_access`;
    case "danger-full-access":
      return "no confinement: commands and patches can change anything you can";
  }
}

/** What the approval policy asks about, in one line. */
export function policyAsks(policy: Policy): string {
  switch (policy) {
    case "untrusted":
      return "asks before anything but read-only commands";
    case "on-request":
      return "asks when the model requests it or a command needs to leave the sandbox";
    case "on-failure":
      return "runs in the sandbox without asking; asks only when a command fails there";
    case "never":
      return "never asks";
  }
}

/** A warning when writes run without the person being asked (undefined when they are asked or confined). */
export function safetyWarning(policy: Policy, sandbox: Sandbox): string | undefined {
  const unasked = policy === "never" || policy === "on-failure";
  if (sandbox === "danger-full-access" && unasked)
    return `approval ${policy} with sandbox danger-full-access: commands and patches change anything without asking`;
  if (sandbox === "danger-full-access")
    return "sandbox danger-full-access: commands run unconfined (you approve them as asked)";
  if (unasked && sandbox === "workspace-write")
    return `approval ${policy}: commands and patches write in the workspace without asking`;
  return undefined;
}
