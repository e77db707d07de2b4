import { useEffect, useState } from "react";
import { api } from "../lib/api";
import { useI18n } from "../../src/i18n/react";

type Person = { id: number; name: string };

/** The `@name` being typed just before the caret, if any (a name may hold one space). */
function mentionAt(text: string, caret: number): { start: number; query: string } | null {
  const m = /(^|\s)@([^\s@]*(?: [^\s@]*)?)$/u.exec(text.slice(0, caret));
  return m ? { start: caret - m[2]!.length - 1, query: m[2]! } : null;
}

/**
 * Colleagues who may see the ticket, offered while an `@name` is typed; choosing one writes their full
 * name. Others cannot be mentioned: the server ignores them and says so.
 */
export function MentionPicker({
  ticketId,
  text,
  caret,
  onPick,
}: {
  ticketId: number;
  text: string;
  caret: number;
  onPick: (text: string, caret: number) => void;
}) {
  const [people, setPeople] = useState<Person[] | null>(null);
  const { t } = useI18n();
  const at = mentionAt(text, caret);
  const wanted = at !== null;
  useEffect(() => {
    if (wanted && people === null)
      void api
        .get<Person[]>(`/api/admin/tickets/${ticketId}/mentionable`)
        .then(setPeople, () => setPeople([]));
  }, [wanted, people, ticketId]);
  if (!at || !people) return null;
  const q = at.query.toLowerCase();
  const matches = people.filter((p) => p.name.toLowerCase().includes(q)).slice(0, 6);
  if (!matches.length) return null;
  const pick = (p: Person) => {
    const inserted = `@${p.name} `;
    onPick(text.slice(0, at.start) + inserted + text.slice(caret), at.start + inserted.length);
  };
  return (
    <ul aria-label={t("mention.label")} className="rounded-md border bg-white p-1 text-sm shadow">
      {matches.map((p) => (
        <li key={p.id}>
          <button
            type="button"
            className="w-full rounded px-2 py-1 text-left hover:bg-gray-100"
            onMouseDown={(e) => e.preventDefault()}
            onClick={() => pick(p)}
          >
            @{p.name}
          </button>
        </li>
      ))}
    </ul>
  );
}
