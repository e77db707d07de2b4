import type { ReactNode } from "react";
import { Clock } from "../../src/ui/icons";

/** The portal's frame in words: what the header, welcome banner and footer say. */
export type PortalTexts = { brand: string; welcome: string; intro: string; promise: string; footer: string };

/** Where a frame part is drawn: the portal itself, or the Settings preview (no landmarks, no top heading). */
type Place = { preview?: boolean };

export function PortalHeader({ brand, preview, children }: { brand: string; children?: ReactNode } & Place) {
  const Tag = preview ? "div" : "header";
  return (
    <Tag className="border-b bg-white border-gray-200">
      <div className="mx-auto flex max-w-5xl flex-wrap items-center justify-between gap-2 p-4">
        {preview ? (
          <span className="text-lg font-semibold text-gray-900">{brand}</span>
        ) : (
          <a href="/" className="text-lg font-semibold text-gray-900">
            {brand}
          </a>
        )}
        {children}
      </div>
    </Tag>
  );
}

export function WelcomeBanner({ texts, preview }: { texts: PortalTexts } & Place) {
  const Heading = preview ? "p" : "h1";
  return (
    <section className="rounded-lg border border-blue-200 bg-blue-50 p-4 sm:p-6">
      <Heading className="text-xl font-semibold text-blue-950 sm:text-2xl">{texts.welcome}</Heading>
      <p className="mt-1 text-sm text-blue-900">{texts.intro}</p>
      {texts.promise && (
        <p className="mt-2 flex items-center gap-2 text-sm font-medium text-blue-900">
          <Clock className="h-4 w-4 shrink-0" aria-hidden="true" />
          {texts.promise}
        </p>
      )}
    </section>
  );
}

export function PortalFooter({ footer, preview }: { footer: string } & Place) {
  const Tag = preview ? "div" : "footer";
  return (
    <Tag className="border-t bg-white border-gray-200">
      <p className="mx-auto max-w-5xl p-4 text-center text-sm text-gray-600">{footer}</p>
    </Tag>
  );
}
