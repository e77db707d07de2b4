import { Providers } from "./lib/Providers";
import { ForgotPasswordForm } from "./recovery/ForgotPasswordForm";
import { ResetPasswordForm } from "./recovery/ResetPasswordForm";
import { Card, CardContent, CardHeader, CardTitle } from "../src/ui/Card";
import { useI18n } from "../src/i18n/react";

/** "Forgot password" without a token; the reset link's page with one. */
export default function PasswordRecovery({ token }: { token: string | null }) {
  const { t } = useI18n();
  return (
    <Providers>
      <div className="flex min-h-[70vh] items-center justify-center p-4">
        <Card className="w-full max-w-md">
          <CardHeader>
            <CardTitle className="text-2xl">{token ? t("recovery.choose") : t("recovery.forgot")}</CardTitle>
          </CardHeader>
          <CardContent className="flex flex-col gap-4">
            {token ? <ResetPasswordForm token={token} /> : <ForgotPasswordForm />}
            <a href="/login" className="text-sm text-blue-700 hover:underline">
              {t("recovery.back")}
            </a>
          </CardContent>
        </Card>
      </div>
    </Providers>
  );
}
