import { useEffect, useId, useState } from "react";
import { useI18n } from "../../../src/i18n/react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { Input, Label } from "../../../src/ui/Input";
import { setIdPrefix, useIdPrefix } from "../../lib/queries/portal-settings";
import { useSettingsMutation } from "./use-settings-mutation";

/** Settings → Portal: the letters new ticket ids start with; ids already given out keep theirs. */
export function IdPrefixCard() {
  const id = useId();
  const { t } = useI18n();
  const current = useIdPrefix();
  const [value, setValue] = useState("");
  useEffect(() => setValue(current.data?.prefix ?? ""), [current.data?.prefix]);
  const save = useSettingsMutation(setIdPrefix, {
    success: (r) => ({ title: t("settings.portal.prefixSaved", { prefix: r.prefix }) }),
    failure: (m) => ({ title: t("settings.portal.prefixFailed"), description: m ?? undefined }),
  });
  const year = new Date().getFullYear();
  return (
    <Card data-testid="id-prefix">
      <CardHeader>
        <CardTitle level={2}>{t("settings.portal.ids")}</CardTitle>
      </CardHeader>
      <CardContent>
        <form
          className="flex flex-col gap-2"
          onSubmit={(e) => {
            e.preventDefault();
            save.mutate({ prefix: value });
          }}
        >
          <Label htmlFor={`${id}-prefix`}>{t("settings.portal.prefix")}</Label>
          <div className="flex flex-wrap gap-2">
            <Input
              id={`${id}-prefix`}
              className="w-28"
              maxLength={5}
              value={value}
              disabled={!current.data}
              onChange={(e) => setValue(e.target.value.toUpperCase())}
            />
            <Button type="submit" disabled={save.isPending || !current.data}>
              {t("settings.portal.save")}
            </Button>
          </div>
          <p className="text-sm text-gray-700">
            {t("settings.portal.idExample", { example: `${value || "WI"}-${year}-001` })}
          </p>
        </form>
      </CardContent>
    </Card>
  );
}
