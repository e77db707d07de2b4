import { type QueryKey, useMutation, useQueryClient } from "@tanstack/react-query";
import { ApiError } from "../api";
import { type ToastInput, useToast } from "../toast";
import { needsPassword, useReauth } from "../reauth";
import { useI18n } from "../../../src/i18n/react";
import type { Translator } from "../../../src/i18n/translator";

/** One write: the call, and exactly which queries it makes stale. */
export type MutationDef<V, R> = {
  mutationFn: (vars: V) => Promise<R>;
  invalidates: readonly QueryKey[];
  /** Refetch after a failure too, so a list that moved ahead of the server (a drag) snaps back. */
  refetchOnError?: boolean;
  /** A staff write: its 401 means the session ended, and this answers it (see ./relogin.ts). */
  relogin?: (toast: (t: ToastInput) => void, t: Translator["t"]) => void;
};

export type MutationUi<V, R> = {
  onSuccess?: (result: R, vars: V) => unknown;
  /** Not called for the 401 of a staff write: the re-login toast answers that one. */
  onError?: (err: unknown, vars: V) => void;
};

/** Every write in the islands: runs the call, refetches the named queries, then the caller's UI. */
export function useApiMutation<V, R>(def: MutationDef<V, R>, ui: MutationUi<V, R> = {}) {
  const client = useQueryClient();
  const toast = useToast();
  const reauth = useReauth();
  const { t } = useI18n();
  const refetch = () =>
    Promise.all(def.invalidates.map((queryKey) => client.invalidateQueries({ queryKey })));
  return useMutation({
    // An account-security write the server wants the password for asks for it, then runs once more.
    mutationFn: async (vars: V) => {
      try {
        return await def.mutationFn(vars);
      } catch (err) {
        if (!reauth || !needsPassword(err) || !(await reauth())) throw err;
        return def.mutationFn(vars);
      }
    },
    onSuccess: async (result, vars) => {
      await refetch();
      return ui.onSuccess?.(result, vars);
    },
    onError: (err, vars) => {
      if (def.refetchOnError) void refetch();
      if (def.relogin && err instanceof ApiError && err.status === 401) def.relogin(toast, t);
      else ui.onError?.(err, vars);
    },
  });
}
