import { formatDistanceToNow } from "date-fns";
import { useApiMutation } from "../lib/queries/mutation";
import { revokeAllSessions, revokeSession, useSessions } from "../lib/queries/sessions";
import { useToast } from "../lib/toast";
import { serverMessage } from "../lib/api";
import { Button } from "../../src/ui/Button";
import { Spinner } from "../../src/ui/Spinner";

const ago = (iso: string) => formatDistanceToNow(new Date(iso), { addSuffix: true });

/** The user's signed-in sessions, each with its device, address and last use, and a way to end them. */
export function SessionsList() {
  const toast = useToast();
  const sessions = useSessions();
  const failed = (err: unknown) =>
    toast({
      title: "Could not sign out",
      description: serverMessage(err, "Please try again."),
      variant: "destructive",
    });
  const revoke = useApiMutation(revokeSession, { onError: failed });
  const everywhere = useApiMutation(revokeAllSessions, {
    onSuccess: () => window.location.assign("/login"),
    onError: failed,
  });
  if (sessions.isLoading) return <Spinner label="Loading..." />;
  if (sessions.isError) return <p role="alert">Could not load your sessions.</p>;
  return (
    <div className="flex flex-col gap-4">
      <ul className="flex flex-col divide-y divide-gray-200" aria-label="Signed-in sessions">
        {(sessions.data ?? []).map((s) => (
          <li key={s.id} className="flex items-center justify-between gap-4 py-3">
            <div className="min-w-0 text-sm">
              <p className="font-medium">
                {s.device} {s.current && <span className="text-green-700">(this device)</span>}
              </p>
              <p className="text-gray-600">
                {s.ip ?? "Unknown address"} · last seen {ago(s.lastSeenAt)} · signed in {ago(s.signedInAt)}
              </p>
            </div>
            {!s.current && (
              <Button variant="outline" disabled={revoke.isPending} onClick={() => revoke.mutate(s.id)}>
                Sign out
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
        Sign out everywhere
      </Button>
    </div>
  );
}
