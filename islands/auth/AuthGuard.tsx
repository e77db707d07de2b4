import type { ReactNode } from "react";
import { useAuthUser } from "../lib/queries/auth";
import { LoginForm } from "./LoginForm";
import { Spinner } from "../../src/ui/Spinner";
import type { AuthUser } from "../../src/shared/dto";
import { useI18n } from "../../src/i18n/react";

/** The staff pages show 'Loading...' while auth resolves and the login form when signed out. */
export function AuthGuard({
  initialUser,
  redirectTo,
  children,
}: {
  initialUser?: AuthUser | null;
  redirectTo: string;
  children: (user: AuthUser) => ReactNode;
}) {
  const { data: user, isLoading } = useAuthUser(initialUser);
  const { t } = useI18n();
  if (isLoading) return <Spinner label={t("auth.loading")} className="min-h-[60vh]" />;
  if (!user) return <LoginForm redirectTo={redirectTo} />;
  return <>{children(user)}</>;
}
