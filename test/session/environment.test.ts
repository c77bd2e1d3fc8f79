import { describe, expect, it } from "vitest";
import { messageText } from "../../src/protocol/items.js";
import { buildInitialContext } from "../../src/session/context/environment.js";

const base = {
  cwd: "/work",
  shell: "bash",
  sandbox: "workspace-write" as const,
  approvalPolicy: "never" as const,
};
const contextText = (input: Parameters<typeof buildInitialContext>[0]) =>
  buildInitialContext(input)
    .map((item) => messageText(item))
    .join("\n");

describe("the environment context's date", () => {
  it("is the date in the named zone, and in the machine's own zone without Intl when local", () => {
    const now = new Date("2026-01-02T23:30:00Z");
    expect(contextText({ ...base, now, timezone: "Asia/Tokyo" })).toContain(
      "<current_date>2026-01-03</current_date>",
    );
    // the machine's zone (Node follows TZ at run time): already 3 January there
    const saved = process.env.TZ;
    process.env.TZ = "Asia/Tokyo";
    try {
      const text = contextText({ ...base, now, timezone: "Asia/Tokyo", timezoneIsLocal: true });
      expect(text).toContain("<current_date>2026-01-03</current_date>");
      expect(text).toContain("<timezone>Asia/Tokyo</timezone>");
    } finally {
      if (saved === undefined) delete process.env.TZ;
      else process.env.TZ = saved;
    }
  });
});
