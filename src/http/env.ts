import type { Deps } from "../deps";
import type { AuthUser } from "../shared/dto";

export type AppEnv = {
  Variables: {
    deps: Deps;
    user: AuthUser | null;
    sessionId: string | null;
    requestId: string;
    ip: string;
  };
};
