import { recordAudit } from "../audit/audit.service";
import type { DbWriteCtx } from "../deps";
import type { DbOrTx } from "../../db/client";
import { conflict } from "../errors/domain-error";
import { heldForAddress } from "../mail/outbox";
import type { PublicAddressDto } from "../shared/dto";
import { publicUrlOf, savedPublicUrl, savePublicUrl } from "./public-address";
import type { Db } from "../../db/client";

type Ctx = { db: Db; config: { publicUrl?: string } };

export const publicAddress = (deps: Ctx): PublicAddressDto => {
  const publicUrl = publicUrlOf(deps) ?? null;
  return {
    publicUrl,
    setByEnvironment: deps.config.publicUrl !== undefined,
    heldMail: publicUrl ? 0 : heldForAddress(deps.db),
  };
};

/** Settings → Portal: the saved address, audited; refused while PUBLIC_URL decides it. */
export function setPublicAddress({
  db,
  actor,
  now,
  config,
  publicUrl,
}: DbWriteCtx & { config: Ctx["config"]; publicUrl: string }): PublicAddressDto {
  if (config.publicUrl !== undefined)
    throw conflict("The public address is set by the server's environment (PUBLIC_URL)");
  db.transaction(
    (tx: DbOrTx) => {
      const before = savedPublicUrl(tx);
      savePublicUrl(tx, publicUrl, now);
      recordAudit(
        tx,
        actor,
        {
          action: "updated",
          entityType: "portal_settings",
          oldValue: { publicUrl: before },
          newValue: { publicUrl },
        },
        now,
      );
    },
    { behavior: "immediate" },
  );
  return publicAddress({ db, config });
}
