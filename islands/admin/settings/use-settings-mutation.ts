import { useMutation, useQueryClient, type QueryKey } from "@tanstack/react-query";
import { isUnauthorized, serverMessage } from "../../lib/api";
import { useToast, type ToastInput } from "../../lib/toast";
import { RELOGIN_DELAY_MS } from "../../../src/shared/constants";

type Options<V, R> = {
  fn: (vars: V) => Promise<R>;
  invalidate: QueryKey[];
  success: ToastInput | ((r: R, v: V) => ToastInput);
  /** The toast on failure; gets the server's message (spec §8 users: 'Error' + message, else the fallback). */
  failure: (message: string | null) => ToastInput;
  onSuccess?: (r: R, v: V) => void;
};

/** Every Settings mutation: refetch the matching list, toast the spec's text, re-login on 401. */
export function useSettingsMutation<V, R = unknown>(o: Options<V, R>) {
  const qc = useQueryClient();
  const toast = useToast();
  return useMutation({
    mutationFn: o.fn,
    onSuccess: async (r, v) => {
      await Promise.all(o.invalidate.map((queryKey) => qc.invalidateQueries({ queryKey })));
      toast(typeof o.success === "function" ? o.success(r, v) : o.success);
      o.onSuccess?.(r, v);
    },
    onError: (err) => {
      if (isUnauthorized(err)) {
        toast({ title: "You are logged out. Logging in again...", variant: "destructive" });
        setTimeout(() => (window.location.href = "/login"), RELOGIN_DELAY_MS);
        return;
      }
      const msg = serverMessage(err, "");
      toast({ ...o.failure(msg || null), variant: "destructive" });
    },
  });
}
