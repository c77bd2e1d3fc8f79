import { startDemoServer } from "./server.js";

/**
 * `mini-codex demo-server --port N`: run the demo server alone, print its base URL on stdout
 * and serve until SIGINT / SIGTERM.
 */
export async function runDemoServerCommand(options: {
  port: number;
  host?: string;
}): Promise<void> {
  const server = await startDemoServer({ port: options.port, host: options.host });
  process.stdout.write(`${server.baseUrl}\n`);
  await new Promise<void>((resolve) => {
    const stop = () => {
      process.off("SIGINT", stop);
      process.off("SIGTERM", stop);
      resolve();
    };
    process.on("SIGINT", stop);
    process.on("SIGTERM", stop);
  });
  await server.close();
}
