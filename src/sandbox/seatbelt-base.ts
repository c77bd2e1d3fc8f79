/**
 * The fixed parts of mini-codex's Seatbelt profile (SBPL), in the order the profile lists them:
 * what every confined command needs from macOS besides files and the network. Written for
 * mini-codex from what common tools are known to need (facts gathered from the Codex CLI's,
 * Chromium's and Claude Code's profiles; docs/config.md, "macOS (Seatbelt)").
 */

/** Closed by default: whatever no rule below allows is refused. */
export const SEATBELT_HEAD = ["(version 1)", "(deny default)"];

/** Programs start and fork; signals and process facts only within the command's own sandbox. */
export const PROCESSES = [
  "; processes: start programs, fork, and signal or inspect only the command's own processes",
  "(allow process-exec)",
  "(allow process-fork)",
  "(allow signal (target same-sandbox))",
  "(allow process-info* (target same-sandbox))",
];

/**
 * Facts about the machine that compilers, runtimes and build tools read. `machdep.cpu.*` and
 * `hw.model` are what Node's os.cpus() needs (without them it returns an empty list and npm,
 * yarn or node-gyp pick no workers); `kern.proc.pid.*` lets a process look itself up.
 */
export const SYSTEM_FACTS = [
  "; machine facts: CPU, memory, OS version (os.cpus() needs machdep.cpu.* and hw.model)",
  "(allow sysctl-read",
  '  (sysctl-name-prefix "hw.")',
  '  (sysctl-name-prefix "machdep.cpu.")',
  '  (sysctl-name "machdep.ptrauth_enabled")',
  '  (sysctl-name "kern.argmax")',
  '  (sysctl-name "kern.bootargs")',
  '  (sysctl-name "kern.hostname")',
  '  (sysctl-name "kern.maxfiles")',
  '  (sysctl-name "kern.maxfilesperproc")',
  '  (sysctl-name "kern.maxproc")',
  '  (sysctl-name "kern.ngroups")',
  '  (sysctl-name "kern.osproductversion")',
  '  (sysctl-name "kern.osrelease")',
  '  (sysctl-name "kern.ostype")',
  '  (sysctl-name "kern.osvariant_status")',
  '  (sysctl-name "kern.osversion")',
  '  (sysctl-name "kern.secure_kernel")',
  '  (sysctl-name "kern.usrstack64")',
  '  (sysctl-name "kern.version")',
  '  (sysctl-name "security.mac.lockdown_mode_state")',
  '  (sysctl-name "sysctl.proc_cputype")',
  '  (sysctl-name "vm.loadavg")',
  '  (sysctl-name-prefix "kern.proc.pid.")',
  '  (sysctl-name-prefix "kern.proc.pgrp.")',
  '  (sysctl-name-prefix "net.routetable.")',
  ")",
  "; the JVM reads the CPU type through a sysctl write",
  '(allow sysctl-write (sysctl-name "kern.grade_cputype"))',
];

/** The few system services a command's libraries call at start. */
export const SYSTEM_SERVICES = [
  "; system services: user and group lookups (id, whoami, ~), preferences, power assertions",
  "(allow mach-lookup",
  '  (global-name "com.apple.system.opendirectoryd.libinfo")',
  '  (global-name "com.apple.cfprefsd.daemon")',
  '  (global-name "com.apple.cfprefsd.agent")',
  '  (local-name "com.apple.cfprefsd.agent")',
  '  (global-name "com.apple.PowerManagement.control")',
  ")",
  "(allow user-preference-read)",
  '(allow ipc-posix-shm-read* (ipc-posix-name-prefix "apple.cfprefs."))',
  '(allow iokit-open (iokit-registry-entry-class "RootDomainUserClient"))',
  "; semaphores (Python's multiprocessing) and OpenMP's registration (PyTorch)",
  "(allow ipc-posix-sem)",
  "(allow ipc-posix-shm-read-data ipc-posix-shm-write-create ipc-posix-shm-write-unlink",
  '  (ipc-posix-name-regex #"^/__KMP_REGISTERED_LIB_[0-9]+$"))',
  "; socket pairs between a command's own processes (no path, no network)",
  "(allow system-socket (socket-domain AF_UNIX))",
];

/**
 * Devices and terminals: the null devices, a process's own descriptors, and pseudo-terminals a
 * command opens itself (script, expect); the terminal of another process stays closed.
 */
export const DEVICES = [
  "; devices: null and zero, a process's own descriptors, its controlling terminal",
  '(allow file-write* file-ioctl (literal "/dev/null") (literal "/dev/zero"))',
  '(allow file-read-data file-write-data (subpath "/dev/fd"))',
  '(allow file-read* file-write* file-ioctl (literal "/dev/tty"))',
  "; pseudo-terminals the command opens itself",
  "(allow pseudo-tty)",
  '(allow file-read* file-write* file-ioctl (literal "/dev/ptmx"))',
  "(allow file-read* file-write*",
  '  (require-all (regex #"^/dev/ttys[0-9]+$") (extension "com.apple.sandbox.pty")))',
  '(allow file-ioctl (regex #"^/dev/ttys[0-9]+$"))',
];

/** exec_command with a tty: the pseudo-terminal mini-codex opened for the command before it started. */
export const OWN_TERMINAL = [
  "; the pseudo-terminal mini-codex opened for this command (exec_command with tty)",
  '(allow file-read-data file-write-data (regex #"^/dev/ttys[0-9]+$"))',
];

/**
 * `[sandbox_macos] process_listing = true`: ps, pgrep and top see every process of the machine
 * with its arguments and environment (mini-codex's own too). /bin/ps is set-uid on older macOS
 * (a sandbox refuses to start it: it starts outside), and asks sysmond on newer ones.
 */
export const PROCESS_LISTING = [
  "; [sandbox_macos] process_listing: ps, pgrep and top list every process of the machine",
  "(allow process-info*)",
  '(allow sysctl-read (sysctl-name-prefix "kern.proc.") (sysctl-name-prefix "kern.procargs"))',
  '(allow mach-lookup (global-name "com.apple.sysmond.system"))',
  '(allow process-exec (literal "/bin/ps") (with no-sandbox))',
];

/**
 * `network_access = true`: IP connections out and in, name resolution (mDNSResponder) and the
 * services TLS certificate checks ask. Unix sockets by path stay closed (a container engine's
 * socket would act outside the sandbox).
 */
export const NETWORK = [
  "; network (network_access = true): IP in and out, DNS, TLS trust; no Unix sockets by path",
  '(allow network-outbound (remote ip "*:*"))',
  '(allow network-inbound (local ip "*:*"))',
  '(allow network-bind (local ip "*:*"))',
  '(allow network-outbound (literal "/private/var/run/mDNSResponder"))',
  "(allow system-socket)",
  "(allow mach-lookup",
  '  (global-name "com.apple.SystemConfiguration.DNSConfiguration")',
  '  (global-name "com.apple.SystemConfiguration.configd")',
  '  (global-name "com.apple.networkd")',
  '  (global-name "com.apple.SecurityServer")',
  '  (global-name "com.apple.trustd.agent")',
  '  (global-name "com.apple.ocspd")',
  '  (global-name "com.apple.bsd.dirhelper")',
  '  (global-name "com.apple.system.opendirectoryd.membership")',
  ")",
];
