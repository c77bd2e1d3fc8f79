import { describe, expect, it } from "vitest";
import { ExecEventMapper } from "../../src/exec/exec-events.js";
import { TextProgress } from "../../src/exec/text-sink.js";
import type { SessionEvent } from "../../src/session/events.js";
import { IMAGE_REFUSED, IMAGE_VIEWED, PNG } from "../tools/images.js";

const viewed: SessionEvent = { type: "tool", event: IMAGE_VIEWED };
const refused: SessionEvent = { type: "tool", event: IMAGE_REFUSED };

describe("exec shows a view_image call without its bytes", () => {
  it("--json: an image_view item, completed with type and size, or failed with the reason", () => {
    const mapper = new ExecEventMapper();
    expect([viewed, refused].flatMap((event) => mapper.map(event))).toEqual([
      {
        type: "item.completed",
        item: {
          id: "item_0",
          type: "image_view",
          path: "shots/a.png",
          media_type: "image/png",
          bytes: PNG.length,
          status: "completed",
        },
      },
      {
        type: "item.completed",
        item: {
          id: "item_1",
          type: "image_view",
          path: "x.png",
          status: "failed",
          error: { message: "view_image: x.png: no such file" },
        },
      },
    ]);
  });

  it("text mode: one line naming the image, or the reason", () => {
    let err = "";
    const progress = new TextProgress((text) => {
      err += text;
    });
    progress.handle(viewed);
    progress.handle(refused);
    expect(err).toBe(
      `Viewed [image: a.png, image/png, ${PNG.length} bytes]\nview_image: x.png: no such file\n`,
    );
  });
});
