import type { Deps } from "../deps";
import type { AuthUser } from "../shared/dto";

export type AppEnv = {
  Variables: {
    deps: Deps;
    user: AuthUser | null;
    sessionId: string | null;
    /** Signed in by an API token (Authorization: Bearer) rather than a session cookie. */
    viaToken: boolean;
    requestId: string;
    ip: string;
  };
};
