import type { Context } from "hono";
import type { AppEnv } from "../../src/http/env";
import { sendPage } from "./page";
import type { MessageKey } from "../../src/i18n/catalogs/en";
import { useI18n } from "../../src/i18n/react";

const NotFoundText = ({ k }: { k: MessageKey }) => useI18n().t(k);

/** Any other path. Plain server HTML, so it needs no script. */
export const notFoundPage = (c: Context<AppEnv>) =>
  sendPage(
    c,
    (t) => t("notFound.title"),
    <main className="flex min-h-screen items-center justify-center p-4">
      <div className="w-full max-w-md rounded-lg border bg-white p-6 shadow-sm">
        <h1 className="flex items-center gap-2 text-2xl font-bold text-gray-900">
          <span aria-hidden="true" className="text-red-500">
            ⚠
          </span>{" "}
          <NotFoundText k="notFound.title" />
        </h1>
        <p className="mt-4 text-sm text-gray-600">
          <NotFoundText k="notFound.text" />
        </p>
        <a href="/" className="mt-6 inline-block text-sm font-medium text-blue-700 hover:underline">
          <NotFoundText k="notFound.back" />
        </a>
      </div>
    </main>,
    { status: 404 },
  );
