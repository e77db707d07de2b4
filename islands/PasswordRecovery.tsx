import { Providers } from "./lib/Providers";
import { ForgotPasswordForm } from "./recovery/ForgotPasswordForm";
import { ResetPasswordForm } from "./recovery/ResetPasswordForm";
import { Card, CardContent, CardHeader, CardTitle } from "../src/ui/Card";

/** "Forgot password" without a token; the reset link's page with one. */
export default function PasswordRecovery({ token }: { token: string | null }) {
  return (
    <Providers>
      <div className="flex min-h-[70vh] items-center justify-center p-4">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle className="text-2xl">{token ? "Choose a new password" : "Forgot password"}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {token ? <ResetPasswordForm token={token} /> : <ForgotPasswordForm />}
            <a href="/login" className="text-sm text-blue-700 hover:underline">
              ← Back to sign-in
            </a>
          </CardContent>
        </Card>
      </div>
    </Providers>
  );
}
