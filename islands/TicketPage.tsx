import { useEffect } from "react";
import { Providers } from "./lib/Providers";
import { AuthGuard } from "./auth/AuthGuard";
import { AdminHeader } from "./admin/AdminHeader";
import { TicketWorkspace } from "./admin/ticket/TicketWorkspace";
import type { AuthUser } from "../src/shared/dto";

type Props = {
  initialUser: AuthUser | null;
  url: string;
  /** The ticket, when the signed-in user may see it; null when signed out. */
  ticket: { id: number; ticketId: string } | null;
};

/** /admin/tickets/WI-…: one ticket on a whole page, behind the sign-in. */
export default function TicketPage({ initialUser, url, ticket }: Props) {
  return (
    <Providers>
      <AuthGuard initialUser={initialUser} redirectTo={url}>
        {(user) => (
          <div className="min-h-screen">
            <AdminHeader user={user} />
            <main className="mx-auto max-w-7xl p-4 sm:p-6">
              {ticket ? (
                <TicketWorkspace id={ticket.id} ticketId={ticket.ticketId} me={user.id} />
              ) : (
                // signed in on this page after the server rendered it: the ticket's page proper
                <Reload />
              )}
            </main>
          </div>
        )}
      </AuthGuard>
    </Providers>
  );
}

function Reload() {
  useEffect(() => window.location.reload(), []);
  return null;
}
