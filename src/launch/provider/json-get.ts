import { get as httpGet, type IncomingMessage } from "node:http";
import { get as httpsGet } from "node:https";
import { gunzipSync } from "node:zlib";

/** What a GET answered: its status, a header lookup, and the body read as JSON (200 only). */
interface JsonReply {
  status: number;
  header(name: string): string | undefined;
  body?: unknown;
}

/**
 * A GET of a JSON document with node:http(s), the modules the WebSocket already loaded. The
 * global fetch would load undici (its HTTP parser is WebAssembly): ~40 ms of CPU and ~30 MB of
 * peak memory for one small document (bench/vs-codex, the 20-tool run's peak RSS).
 */
export function getJson(
  url: string,
  headers: Record<string, string>,
  signal: AbortSignal,
): Promise<JsonReply> {
  const get = new URL(url).protocol === "https:" ? httpsGet : httpGet;
  return new Promise((resolve, reject) => {
    const request = get(url, { headers: { ...headers, "Accept-Encoding": "gzip" }, signal });
    request.on("error", reject);
    request.on("response", (response: IncomingMessage) => {
      const header = (name: string) => {
        const value = response.headers[name.toLowerCase()];
        return Array.isArray(value) ? value[0] : value;
      };
      const status = response.statusCode ?? 0;
      if (status !== 200) {
        response.resume();
        return resolve({ status, header });
      }
      const chunks: Buffer[] = [];
      response.on("data", (chunk: Buffer) => chunks.push(chunk));
      response.on("error", reject);
      response.on("end", () => {
        try {
          const raw = Buffer.concat(chunks);
          const text = (header("content-encoding") === "gzip" ? gunzipSync(raw) : raw).toString();
          resolve({ status, header, body: JSON.parse(text) });
        } catch (error) {
          reject(error);
        }
      });
    });
  });
}
