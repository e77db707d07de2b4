import { expect, test } from "bun:test";
import { renderToStaticMarkup } from "react-dom/server";
import { translatorFor } from "../../src/i18n/server";
import { fill } from "./fill";

test("a sentence's elements land where each language's word order puts them", () => {
  const merged = (lang: "en" | "de") =>
    renderToStaticMarkup(
      <p>
        {fill(translatorFor(lang).t("ticket.mergedNotice", { target: "{target}" }), {
          target: <a href="/admin/tickets/WI-2026-002">WI-2026-002</a>,
        })}
      </p>,
    );
  expect(merged("en")).toBe(
    '<p>This ticket was merged into <a href="/admin/tickets/WI-2026-002">WI-2026-002</a> and is read-only.</p>',
  );
  expect(merged("de")).toBe(
    '<p>Dieses Ticket wurde mit <a href="/admin/tickets/WI-2026-002">WI-2026-002</a> zusammengeführt und ist schreibgeschützt.</p>',
  );
  expect(renderToStaticMarkup(<p>{fill("{nobody} {x}y", {})}</p>)).toBe("<p>{nobody} {x}y</p>");
});
