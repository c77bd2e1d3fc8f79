import { ledgerPath } from "../../../session/index.js";
import { info, problem, type SlashCommand } from "../types.js";
import { LEDGER_HEADER, ledgerTableRow, readLedgerTable } from "./ledger-rows.js";

const DEFAULT_ROWS = 10;

export const ledgerCommand: SlashCommand = {
  name: "ledger",
  description: "the last N requests of this session's ledger (mode, reason, cache)",
  args: "[N]",
  allowedWhileBusy: true,
  async run(ctx) {
    const count = ctx.args ? (/^\d+$/.test(ctx.args) ? Number(ctx.args) : 0) : DEFAULT_ROWS;
    if (count <= 0) {
      ctx.print(problem("Usage: /ledger [N] with N a positive number."));
      return;
    }
    const path = ledgerPath(ctx.controller.launch.home, ctx.controller.session.id);
    try {
      const rows = readLedgerTable(path, count);
      if (rows.length === 0) {
        ctx.print(info("The ledger is empty: no request was sent yet."));
        return;
      }
      ctx.print({
        kind: "table",
        title: `Ledger (last ${rows.length}) ${path}`,
        header: LEDGER_HEADER,
        rows: rows.map(({ row, change }) => ledgerTableRow(row, change)),
      });
    } catch {
      ctx.print(problem(`Could not read the ledger at ${path}.`));
    }
  },
};
