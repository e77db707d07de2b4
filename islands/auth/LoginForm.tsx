import { useEffect, useState, type FormEvent } from "react";
import { serverMessage } from "../lib/api";
import { useApiMutation } from "../lib/queries/mutation";
import { login as loginCall } from "../lib/queries/auth";
import { loginSchema } from "../../src/shared/schemas/auth";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardHeader } from "../../src/ui/Card";
import { FormAlert, TextField } from "../../src/ui/FormField";
import type { AuthUser } from "../../src/shared/dto";
import { SecondFactorForm } from "./SecondFactorForm";
import { SignInProviders } from "./SignInProviders";
import { directoryLogin, ssoErrorText, useSignInOptions } from "../lib/queries/sso";
import { useI18n } from "../../src/i18n/react";

/** The sign-in form: Email, Password, 'Login' ('Logging in...'), an error alert above the fields. */
export function LoginForm({ redirectTo = "/admin" }: { redirectTo?: string }) {
  const { t, message } = useI18n();
  const [email, setEmail] = useState("");
  const [password, setPassword] = useState("");
  const [error, setError] = useState<string | null>(null);
  const [challenge, setChallenge] = useState<string | null>(null);
  // A temporary password, or a second factor required and not set up, opens only the profile.
  const signedIn = (user: AuthUser) =>
    window.location.assign(user.mustChangePassword || user.mustEnrolTwoFactor ? "/profile" : redirectTo);
  const options = useSignInOptions().data;
  // Coming back from a provider: a failure's reason in the query, or a second-step challenge in the fragment.
  useEffect(() => {
    const reason = new URLSearchParams(window.location.search).get("sso_error");
    if (reason) setError(message(ssoErrorText(reason)));
    const fromProvider = window.location.hash.match(/^#challenge=([a-z2-7]+)$/)?.[1];
    if (fromProvider) setChallenge(fromProvider);
  }, [message]);
  const handlers = {
    onSuccess: (r: Awaited<ReturnType<typeof loginCall.mutationFn>>) => {
      if ("twoFactorRequired" in r) {
        setPassword("");
        setChallenge(r.challenge);
      } else signedIn(r);
    },
    onError: (err: unknown) => setError(message(serverMessage(err, t("login.failed")))),
  };
  const login = useApiMutation(loginCall, handlers);
  const viaDirectory = useApiMutation(directoryLogin, handlers);
  const pending = login.isPending || viaDirectory.isPending;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    // With a directory, people may type their directory user name instead of an e-mail.
    if (options?.directory) {
      if (!email || !password) return setError(t("login.required"));
      setError(null);
      return viaDirectory.mutate({ login: email, password });
    }
    const parsed = loginSchema.safeParse({ email, password });
    if (!parsed.success) return setError(message(parsed.error.issues[0]?.message ?? t("login.failed")));
    setError(null);
    login.mutate({ email, password });
  };

  return (
    <main className="flex min-h-[70vh] items-center justify-center p-4">
      <Card className="w-full max-w-md">
        <CardHeader>
          <h1 className="text-2xl font-semibold leading-tight text-gray-900">
            {challenge ? t("login.twoFactor") : t("login.heading")}
          </h1>
        </CardHeader>
        <CardContent>
          {challenge ? (
            <SecondFactorForm
              challenge={challenge}
              onSignedIn={signedIn}
              onRestart={() => setChallenge(null)}
            />
          ) : (
            <form onSubmit={submit} noValidate className="flex flex-col gap-4">
              {error && <FormAlert>{error}</FormAlert>}
              <TextField
                id="login-email"
                label={t("login.email")}
                name="email"
                type="email"
                autoComplete="username"
                value={email}
                onChange={(e) => setEmail(e.target.value)}
              />
              <TextField
                id="login-password"
                label={t("login.password")}
                name="password"
                type="password"
                autoComplete="current-password"
                value={password}
                onChange={(e) => setPassword(e.target.value)}
              />
              <Button type="submit" disabled={pending} className="w-full">
                {pending ? t("login.pending") : t("login.submit")}
              </Button>
              <SignInProviders providers={options?.providers ?? []} />
              <a href="/forgot-password" className="text-center text-sm text-blue-700 hover:underline">
                {t("login.forgot")}
              </a>
            </form>
          )}
        </CardContent>
      </Card>
    </main>
  );
}
