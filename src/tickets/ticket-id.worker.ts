// Test helper run as a separate process: its own connection submits tickets into a shared file.
import { loadConfig } from "../config";
import { openDatabase } from "../../db/client";
import { createDeps } from "../deps";
import { SYSTEM_ACTOR } from "../audit/audit.service";
import { submitTicket } from "./tickets.service";
import { createTicketSchema } from "../shared/schemas/ticket";
import { validTicket } from "./tickets.fixtures";

const [dataDir, count] = process.argv.slice(2);
const config = loadConfig({ DATA_DIR: dataDir! });
const { sqlite, db } = openDatabase(config.dbPath, { synchronous: "NORMAL" });
const deps = createDeps({ config, db, sqlite, assetVersion: "test" });
const ids: string[] = [];
for (let i = 0; i < Number(count); i++)
  ids.push(
    submitTicket({
      deps,
      actor: SYSTEM_ACTOR,
      now: deps.now(),
      input: createTicketSchema.parse(validTicket()),
    }).ticketId,
  );
sqlite.close();
console.log(JSON.stringify(ids));
