import { describe, expect, it } from "vitest";
import { BoundedOutput } from "../../src/tools/output-buffer.js";

describe("BoundedOutput", () => {
  it("keeps everything under the limit", () => {
    const out = new BoundedOutput(100);
    out.append("a\n");
    out.append("b\n");
    expect(out.text()).toBe("a\nb\n");
  });

  it("keeps head and tail within the limit whatever the chunk sizes", () => {
    const text = Array.from({ length: 2000 }, (_, i) => `${i}`).join("\n");
    for (const size of [1, 7, 64, 5000, text.length]) {
      const out = new BoundedOutput(200);
      for (let i = 0; i < text.length; i += size) out.append(text.slice(i, i + size));
      const kept = out.text(false);
      expect(kept.length).toBe(200);
      expect(kept.startsWith("0\n1\n2\n")).toBe(true);
      expect(kept.endsWith("1998\n1999")).toBe(true);
      expect(out.droppedChars).toBe(text.length - 200);
      expect(out.text()).toContain(`(${text.length - 200} characters) not kept`);
    }
  });
});
