const {
  closeSync,
  constants,
  existsSync,
  fstatSync,
  mkdirSync,
  openSync,
  readSync,
  renameSync,
  writeFileSync,
} = require("node:fs");
const { join } = require("node:path");

/**
 * The Codex CLI's custom certificate authority, for a TLS-intercepting proxy (or the demo over
 * HTTPS): a PEM file named by `CODEX_CA_CERTIFICATE`, else `SSL_CERT_FILE`, trusted besides the
 * system's roots. Node.js 20 reads extra roots only from `NODE_EXTRA_CA_CERTS`, only as the
 * process starts, and its fetch, https and WebSocket clients all use them: so a launch that names
 * such a file is started once more with it there (with the person's own `NODE_EXTRA_CA_CERTS`
 * file too, when they have a different one). The relaunched process puts the person's
 * environment back (`settleRelaunchedEnvironment`), so the commands and MCP servers it starts
 * get what their shell had.
 */
const MARK = "MINI_CODEX_CA_RELAUNCHED";

/** The largest CA file taken: a bundle of every public root is ~220 KB. */
const CA_FILE_MAX_BYTES = 1024 * 1024;

/** What a file that is not a regular one is, in the refusal's words. */
function kindOf(stat) {
  if (stat.isDirectory()) return "a directory";
  if (stat.isFIFO()) return "a FIFO";
  if (stat.isCharacterDevice()) return "a character device";
  if (stat.isBlockDevice()) return "a block device";
  if (stat.isSocket()) return "a socket";
  return "not a regular file";
}

/**
 * The text of a CA file, read from the descriptor that was checked, or why it cannot be used: it
 * must be a regular file of at most CA_FILE_MAX_BYTES. The open never waits (O_NONBLOCK: a FIFO
 * with no writer opens at once, and fstat refuses it), and no more than the cap is read, so a
 * FIFO, /dev/zero or a directory is refused at once instead of hanging the launch or failing
 * with a stack trace.
 */
function readCertificateFile(file) {
  let fd;
  try {
    fd = openSync(file, constants.O_RDONLY | constants.O_NONBLOCK | (constants.O_NOCTTY ?? 0));
  } catch (error) {
    return { problem: `cannot be read (${error.code ?? error.message})` };
  }
  try {
    const stat = fstatSync(fd);
    if (!stat.isFile()) return { problem: `is ${kindOf(stat)}, not a PEM file` };
    const tooLarge = { problem: `is larger than ${CA_FILE_MAX_BYTES / 1024 / 1024} MiB` };
    if (stat.size > CA_FILE_MAX_BYTES) return tooLarge;
    const buffer = Buffer.alloc(CA_FILE_MAX_BYTES + 1);
    let length = 0;
    for (;;) {
      const read = readSync(fd, buffer, length, buffer.length - length, null);
      if (read === 0) break;
      length += read;
      if (length > CA_FILE_MAX_BYTES) return tooLarge; // it grew since fstat
    }
    return { text: buffer.toString("utf8", 0, length) };
  } catch (error) {
    return { problem: `cannot be read (${error.code ?? error.message})` };
  } finally {
    closeSync(fd);
  }
}

/**
 * What to do with this environment: nothing (no such file, or Node already trusts exactly it),
 * relaunch trusting `files`, or refuse a file that cannot be used (one line naming the variable,
 * the file and why).
 */
function certificateAuthorityPlan(env) {
  const named = [
    ["CODEX_CA_CERTIFICATE", env.CODEX_CA_CERTIFICATE],
    ["SSL_CERT_FILE", env.SSL_CERT_FILE],
  ].find(([, value]) => (value ?? "") !== "");
  if (!named) return { kind: "none" };
  const [variable, file] = named;
  const own = env.NODE_EXTRA_CA_CERTS ?? "";
  if (own === file) return { kind: "none" };
  const checked = [[variable, file]];
  // Node read the person's own file at its start; joining reads it again
  if (own !== "") checked.push(["NODE_EXTRA_CA_CERTS", own]);
  for (const [name, path] of checked) {
    const { problem } = readCertificateFile(path);
    if (problem)
      return { kind: "unreadable", message: `${name}=${path} ${problem}: fix or unset it` };
  }
  return { kind: "relaunch", files: own === "" ? [file] : [own, file] };
}

/** One file Node can be given: the file itself, or both joined in the home's cache. */
function extraCertificatesFile(files, home) {
  if (files.length === 1) return files[0];
  const text = files
    .map((file) => {
      const read = readCertificateFile(file);
      if (read.problem) throw new Error(`${file} ${read.problem}`);
      return read.text.trimEnd();
    })
    .join("\n");
  const hash = require("node:crypto").createHash("sha256").update(text).digest("hex").slice(0, 16);
  const dir = join(home, "cache", "ca");
  const path = join(dir, `${hash}.pem`);
  // named by its content: a launch that finds it written has nothing to write
  if (existsSync(path)) return path;
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  writeFileSync(`${path}.${process.pid}`, `${text}\n`, { mode: 0o644 });
  renameSync(`${path}.${process.pid}`, path);
  return path;
}

/** Runs this launcher again with Node trusting the files; resolves to its exit code. */
function relaunchWithCertificateAuthority(files, home) {
  const { spawn } = require("node:child_process");
  let extra;
  try {
    extra = extraCertificatesFile(files, home);
  } catch (error) {
    process.stderr.write(`mini-codex: cannot join the CA files: ${error.message}\n`);
    return Promise.resolve(1);
  }
  const child = spawn(process.execPath, [...process.execArgv, ...process.argv.slice(1)], {
    stdio: "inherit",
    env: {
      ...process.env,
      NODE_EXTRA_CA_CERTS: extra,
      [MARK]: process.env.NODE_EXTRA_CA_CERTS ?? "",
    },
  });
  // the terminal sends Ctrl+C and Ctrl+\ to both processes: only the relaunched one acts on them;
  // what is sent to this process alone is handed on
  const ignore = () => {};
  process.on("SIGINT", ignore);
  process.on("SIGQUIT", ignore);
  for (const signal of ["SIGTERM", "SIGHUP"]) process.on(signal, () => child.kill(signal));
  return new Promise((resolve) => {
    child.once("error", (error) => {
      process.stderr.write(`mini-codex: cannot start again trusting ${extra}: ${error.message}\n`);
      resolve(1);
    });
    child.once("exit", (code, signal) => {
      if (signal) {
        process.removeAllListeners(signal);
        process.kill(process.pid, signal);
      }
      resolve(code ?? 1);
    });
  });
}

/**
 * In a relaunched process: `NODE_EXTRA_CA_CERTS` back to what the person had (Node has read it).
 * Returns whether this process is the relaunched one (then it is never relaunched again).
 */
function settleRelaunchedEnvironment(env) {
  const own = env[MARK];
  if (own === undefined) return false;
  if (own === "") delete env.NODE_EXTRA_CA_CERTS;
  else env.NODE_EXTRA_CA_CERTS = own;
  delete env[MARK];
  return true;
}

module.exports = {
  CA_FILE_MAX_BYTES,
  certificateAuthorityPlan,
  relaunchWithCertificateAuthority,
  settleRelaunchedEnvironment,
};
