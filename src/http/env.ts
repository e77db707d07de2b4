import type { Deps } from "../deps";
import type { AuthUser } from "../shared/dto";

export type AppEnv = {
  Variables: {
    deps: Deps;
    user: AuthUser | null;
    sessionId: string | null;
    /** Signed in by an API token (Authorization: Bearer) rather than a session cookie. */
    viaToken: boolean;
    /** When the password was last re-entered in this session (null: never, or signed in by token). */
    reauthenticatedAt: Date | null;
    requestId: string;
    ip: string;
  };
};
