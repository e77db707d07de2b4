import { QueryClientProvider } from "@tanstack/react-query";
import { useState, type ReactNode } from "react";
import { makeQueryClient } from "./query-client";
import { ToastProvider } from "./toast";
import { ReauthProvider } from "./reauth";
import { ErrorBoundary } from "../../src/ui/ErrorBoundary";

/** Every island is its own React root: each gets one QueryClient, toasts, the password dialog and the error fallback. */
export function Providers({ children }: { children: ReactNode }) {
  const [client] = useState(makeQueryClient);
  return (
    <ErrorBoundary>
      <QueryClientProvider client={client}>
        <ToastProvider>
          <ReauthProvider>{children}</ReauthProvider>
        </ToastProvider>
      </QueryClientProvider>
    </ErrorBoundary>
  );
}
