import type { Deps } from "../../deps";
import { recordAudit, type Actor } from "../../audit/audit.service";

/** Why a single sign-on attempt failed, as a class: audited and shown, never with tokens or passwords. */
export type SsoFailureReason =
  | "unknown_provider"
  | "provider_unreachable"
  | "provider_refused"
  | "state_mismatch"
  | "flow_expired"
  | "code_rejected"
  | "token_invalid"
  | "token_expired"
  | "wrong_audience"
  | "wrong_issuer"
  | "email_missing"
  | "email_unverified"
  | "no_account"
  | "account_suspended"
  | "wrong_password"
  | "not_in_directory";

export class SsoFailure extends Error {
  constructor(
    readonly reason: SsoFailureReason,
    readonly login?: string,
  ) {
    super(reason);
  }
}

/** One audit row per failed attempt, in its own transaction (nothing else was written). */
export function auditFailure(deps: Deps, actor: Actor, provider: string, failure: SsoFailure, now: Date) {
  deps.db.transaction((tx) =>
    recordAudit(
      tx,
      actor,
      {
        action: "sso_failed",
        entityType: "auth",
        newValue: { provider, reason: failure.reason, ...(failure.login ? { login: failure.login } : {}) },
      },
      now,
    ),
  );
}
