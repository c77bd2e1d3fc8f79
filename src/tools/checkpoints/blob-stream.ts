/**
 * The blobs of a shadow repository, read by one `git cat-file --batch` and handed over one at a
 * time in the order asked: a code rewind writes each as it arrives, so it holds about one blob
 * in memory whatever the number of files it puts back.
 */
import { spawn } from "node:child_process";
import { gitFailure, type ShadowRepo, shadowGitCall, shadowPlace } from "./shadow-git.js";

/** Splits `git cat-file --batch` output into contents (undefined: the object is missing). */
export class BatchReader {
  private parts: Buffer[] = [];
  private size = 0;
  /** The bytes of the blob being read, its closing newline included; undefined: a header next. */
  private need: number | undefined;

  /** Take a chunk of output; returns the blobs it completed, in order. */
  push(chunk: Buffer): Array<Buffer | undefined> {
    this.parts.push(chunk);
    this.size += chunk.length;
    const done: Array<Buffer | undefined> = [];
    for (;;) {
      if (this.need === undefined) {
        const all = this.joined();
        const end = all.indexOf(10);
        if (end < 0) return done;
        const header = all.subarray(0, end).toString("utf8");
        this.keepFrom(all, end + 1);
        const size = /^[0-9a-f]+ blob (\d+)$/.exec(header)?.[1];
        if (size !== undefined) this.need = Number(size) + 1;
        else if (header.endsWith(" missing")) done.push(undefined);
        else throw new Error(`git cat-file answered an unexpected line: ${header}`);
        continue;
      }
      if (this.size < this.need) return done;
      const all = this.joined();
      done.push(all.subarray(0, this.need - 1));
      this.keepFrom(all, this.need);
      this.need = undefined;
    }
  }

  /** Whether everything read so far was handed over. */
  get idle(): boolean {
    return this.need === undefined && this.size === 0;
  }

  private joined(): Buffer {
    if (this.parts.length !== 1) this.parts = [Buffer.concat(this.parts, this.size)];
    return this.parts[0] as Buffer;
  }

  private keepFrom(all: Buffer, from: number): void {
    const rest = all.subarray(from);
    this.parts = rest.length > 0 ? [rest] : [];
    this.size = rest.length;
  }
}

/**
 * Call `each(i, content)` for `ids[i]`, in order, as git streams them (content undefined: not in
 * the repository). Rejects with one line when git fails or stops early.
 */
export async function eachBlob(
  repo: ShadowRepo,
  ids: readonly string[],
  each: (index: number, content: Buffer | undefined) => void,
): Promise<void> {
  if (ids.length === 0) return;
  const { argv, env } = shadowGitCall(shadowPlace(repo), repo.gitDir, ["cat-file", "--batch"]);
  const child = spawn("git", argv, { env, cwd: repo.gitDir, stdio: ["pipe", "pipe", "pipe"] });
  let stderr = "";
  child.stderr.setEncoding("utf8").on("data", (text: string) => {
    stderr += text;
  });
  const exited = new Promise<number | null>((resolve, reject) => {
    child.on("error", reject);
    child.on("close", (code) => resolve(code));
  });
  exited.catch(() => {}); // awaited below, unless `each` threw first
  child.stdin.on("error", () => {}); // git gone early: its exit status says why
  child.stdin.end(`${ids.join("\n")}\n`);
  const reader = new BatchReader();
  let index = 0;
  try {
    for await (const chunk of child.stdout) {
      for (const content of reader.push(chunk as Buffer)) each(index++, content);
    }
  } finally {
    if (child.exitCode === null) child.kill();
  }
  let code: number | null;
  try {
    code = await exited;
  } catch (error) {
    throw new Error(gitFailure("cat-file", error));
  }
  if (code === 0 && index === ids.length && reader.idle) return;
  throw new Error(
    gitFailure("cat-file", { stderr: code === 0 ? "its output ended early" : stderr }),
  );
}
