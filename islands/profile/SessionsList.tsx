import { useApiMutation } from "../lib/queries/mutation";
import { revokeAllSessions, revokeSession, useSessions } from "../lib/queries/sessions";
import { useToast } from "../lib/toast";
import { serverMessage } from "../lib/api";
import { Button } from "../../src/ui/Button";
import { Spinner } from "../../src/ui/Spinner";
import { useI18n } from "../../src/i18n/react";
import { useAgo } from "../../src/i18n/ago";

/** The user's signed-in sessions, each with its device, address and last use, and a way to end them. */
export function SessionsList() {
  const { t, message } = useI18n();
  const ago = useAgo();
  const toast = useToast();
  const sessions = useSessions();
  const failed = (err: unknown) =>
    toast({
      title: t("profile.signOutFailed"),
      description: message(serverMessage(err, t("profile.tryAgain"))),
      variant: "destructive",
    });
  const revoke = useApiMutation(revokeSession, { onError: failed });
  const everywhere = useApiMutation(revokeAllSessions, {
    onSuccess: () => window.location.assign("/login"),
    onError: failed,
  });
  if (sessions.isLoading) return <Spinner label={t("profile.loading")} />;
  if (sessions.isError) return <p role="alert">{t("profile.sessionsFailed")}</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-gray-200" aria-label={t("profile.sessions")}>
        {(sessions.data ?? []).map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-4 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {s.device} {s.current && <span className="text-green-700">{t("profile.thisDevice")}</span>}
              </p>
              <p className="text-gray-600">
                {t("profile.sessionSeen", {
                  address: s.ip ?? t("profile.unknownAddress"),
                  seen: ago(s.lastSeenAt),
                  since: ago(s.signedInAt),
                })}
              </p>
            </div>
            {!s.current && (
              <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(s.id)}>
                {t("profile.signOut")}
              </Button>
            )}
          </li>
        ))}
      </ul>
      <Button
        variant="destructive"
        disabled={everywhere.isPending}
        onClick={() => everywhere.mutate({ keepCurrent: false })}
      >
        {t("profile.signOutEverywhere")}
      </Button>
    </div>
  );
}
