import { useId, type FormEvent } from "react";
import { Search } from "../../src/ui/icons";
import type { SearchType } from "../../src/shared/search-rules";
import type { PhoneRules } from "../../src/shared/phone";
import { usePhoneFormat } from "./usePhoneFormat";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from "../../src/ui/Card";
import { Input, Label, NativeSelect } from "../../src/ui/Input";
import { useI18n } from "../../src/i18n/react";
import type { MessageKey } from "../../src/i18n/catalogs/en";

const MODES: { value: SearchType; label: MessageKey; placeholder: string }[] = [
  { value: "ticketId", label: "track.ticketId", placeholder: "WI-2026-001" },
  { value: "email", label: "field.email", placeholder: "you@example.com" },
  { value: "phone", label: "field.phone", placeholder: "XXX-XXX-XXXX" },
];

type Props = {
  type: SearchType;
  query: string;
  pending: boolean;
  phoneCountry: PhoneRules["country"];
  onType: (t: SearchType) => void;
  onQuery: (q: string) => void;
  onSubmit: (e: FormEvent) => void;
};

export function SearchForm({ type, query, pending, phoneCountry, onType, onQuery, onSubmit }: Props) {
  const id = useId();
  const { t } = useI18n();
  const phone = usePhoneFormat(phoneCountry, type === "phone" ? query : "", onQuery);
  const mode = MODES.find((m) => m.value === type)!;
  return (
    <Card>
      <CardHeader>
        <CardTitle>{t("track.title")}</CardTitle>
        <CardDescription>{t("track.intro")}</CardDescription>
      </CardHeader>
      <CardContent>
        <search>
          <form onSubmit={onSubmit} noValidate className="flex flex-col gap-3 sm:flex-row sm:items-end">
            <div className="flex flex-col gap-1.5 sm:w-48">
              <Label htmlFor={`${id}-mode`}>{t("track.searchBy")}</Label>
              <NativeSelect
                id={`${id}-mode`}
                value={type}
                onChange={(e) => onType(e.target.value as SearchType)}
              >
                {MODES.map((m) => (
                  <option key={m.value} value={m.value}>
                    {t(m.label)}
                  </option>
                ))}
              </NativeSelect>
            </div>
            <div className="flex flex-1 flex-col gap-1.5">
              <Label htmlFor={`${id}-query`}>{t(mode.label)}</Label>
              <Input
                id={`${id}-query`}
                value={query}
                placeholder={type === "phone" && phoneCountry !== "US" ? undefined : mode.placeholder}
                type={type === "email" ? "email" : type === "phone" ? "tel" : "text"}
                onChange={(e) => onQuery(type === "phone" ? phone(e.target.value) : e.target.value)}
              />
            </div>
            <Button type="submit" disabled={pending}>
              <Search className="h-4 w-4" aria-hidden="true" />
              {pending ? t("track.searching") : t("track.search")}
            </Button>
          </form>
        </search>
      </CardContent>
    </Card>
  );
}
