import { serverMessage } from "../../lib/api";
import { type MutationDef, useApiMutation } from "../../lib/queries/mutation";
import { type ToastInput, useToast } from "../../lib/toast";
import { useI18n } from "../../../src/i18n/react";

type Toasts<V, R> = {
  success: ToastInput | ((r: R, v: V) => ToastInput);
  /** The failure toast; gets the server's message when it sent one, else null for the fallback text. */
  failure: (message: string | null) => ToastInput;
  onSuccess?: (r: R, v: V) => void;
};

/** Every Settings write: its success toast once the lists are refetched, or its failure toast. */
export function useSettingsMutation<V, R>(def: MutationDef<V, R>, o: Toasts<V, R>) {
  const toast = useToast();
  const { message } = useI18n();
  return useApiMutation(def, {
    onSuccess: (r, v) => {
      toast(typeof o.success === "function" ? o.success(r, v) : o.success);
      o.onSuccess?.(r, v);
    },
    onError: (err) =>
      toast({ ...o.failure(message(serverMessage(err, "")) || null), variant: "destructive" }),
  });
}
