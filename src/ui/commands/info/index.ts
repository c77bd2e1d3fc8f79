/**
 * Slash commands that show something: /status, /agents, /diff, /mcp, /permissions, /ps, /stop,
 * /ledger, /skills, /copy, /export, /help.
 */
export { agentsCommand } from "./agents.js";
export { copyCommand } from "./copy.js";
export { diffCommand } from "./diff.js";
export { exportCommand } from "./export.js";
export { helpCommand } from "./help.js";
export { ledgerCommand } from "./ledger.js";
export { mcpCommand } from "./mcp.js";
export { permissionsCommand, rulesCommand } from "./permissions.js";
export { psCommand } from "./ps.js";
export { skillsCommand } from "./skills.js";
export { statusCommand } from "./status.js";
export { stopCommand } from "./stop.js";
