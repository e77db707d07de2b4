import { useI18n } from "../../src/i18n/react";
/** One "Sign in with …" link per provider: a plain navigation, the server sends the browser on. */
export function SignInProviders({ providers }: { providers: { id: string; label: string }[] }) {
  const { t } = useI18n();
  if (!providers.length) return null;
  return (
    <div className="flex flex-col gap-2 border-t border-gray-200 pt-4">
      {providers.map((p) => (
        <a
          key={p.id}
          href={`/api/sso/oidc/${encodeURIComponent(p.id)}/start`}
          className="rounded-md border border-gray-300 px-4 py-2 text-center text-sm font-medium text-gray-800 hover:bg-gray-50"
        >
          {t("login.provider", { provider: p.label })}
        </a>
      ))}
    </div>
  );
}
