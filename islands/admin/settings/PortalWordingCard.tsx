import { useEffect, useId, useState } from "react";
import { Button } from "../../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../../src/ui/Card";
import { FieldError, Input, Label } from "../../../src/ui/Input";
import { useI18n } from "../../../src/i18n/react";
import { DEFAULT_WORDING, portalTexts, type PortalWording } from "../../../src/shared/portal-wording";
import { portalWordingSchema, WORDING_LIMITS } from "../../../src/shared/schemas/portal-wording";
import { setPortalWording, usePortalWording } from "../../lib/queries/portal-settings";
import { PortalFooter, PortalHeader, WelcomeBanner } from "../../portal/PortalFrame";
import { useSettingsMutation } from "./use-settings-mutation";

type Field = Exclude<keyof PortalWording, "promise">;
const FIELDS: Field[] = ["organisation", "welcome", "intro", "footer"];
type Draft = Record<keyof PortalWording, string> & { followTargets: boolean };
const draftOf = (w: PortalWording): Draft => ({
  organisation: w.organisation ?? "",
  welcome: w.welcome ?? "",
  intro: w.intro ?? "",
  footer: w.footer ?? "",
  promise: w.promise ?? "",
  followTargets: w.promise === null,
});
const wordingOf = (d: Draft) => ({
  organisation: d.organisation || null,
  welcome: d.welcome || null,
  intro: d.intro || null,
  footer: d.footer || null,
  promise: d.followTargets ? null : d.promise,
});

/** Settings → Portal: the office's own words, with the portal's header, welcome and footer as they will look. */
export function PortalWordingCard() {
  const id = useId();
  const { t, message } = useI18n();
  const current = usePortalWording();
  const [draft, setDraft] = useState<Draft>(() => draftOf(DEFAULT_WORDING));
  useEffect(() => {
    if (current.data) setDraft(draftOf(current.data));
  }, [current.data]);
  const save = useSettingsMutation(setPortalWording, {
    success: { title: t("mail.wording.saved") },
    failure: (m) => ({ title: t("mail.wording.saveFailed"), description: m ?? undefined }),
  });
  const checked = portalWordingSchema.safeParse(wordingOf(draft));
  const problems = new Map(checked.error?.issues.map((i) => [String(i.path[0]), message(i.message)]));
  const range = current.data?.range ?? null;
  const texts = portalTexts(t, { ...wordingOf(draft), range });
  // an empty field shows what the portal will say instead, the organisation's name included
  const defaults = portalTexts(t, { ...DEFAULT_WORDING, organisation: wordingOf(draft).organisation, range });
  const set = (patch: Partial<Draft>) => setDraft((d) => ({ ...d, ...patch }));
  const input = (name: keyof PortalWording, label: string, disabled = false) => (
    <div key={name} className="flex flex-col gap-1">
      <Label htmlFor={`${id}-${name}`}>{label}</Label>
      <Input
        id={`${id}-${name}`}
        value={draft[name]}
        maxLength={WORDING_LIMITS[name]}
        placeholder={
          name === "promise"
            ? t("mail.wording.emptyHides")
            : defaults[name === "organisation" ? "brand" : name]
        }
        disabled={disabled || !current.data}
        aria-invalid={problems.has(name)}
        aria-describedby={problems.has(name) ? `${id}-${name}-error` : undefined}
        onChange={(e) => set({ [name]: e.target.value })}
      />
      <FieldError id={`${id}-${name}-error`} message={problems.get(name)} />
    </div>
  );
  return (
    <Card data-testid="portal-wording">
      <CardHeader>
        <CardTitle level={2}>{t("mail.wording.title")}</CardTitle>
      </CardHeader>
      <CardContent className="grid gap-4 lg:grid-cols-2">
        <form
          className="flex flex-col gap-3"
          onSubmit={(e) => {
            e.preventDefault();
            if (checked.success) save.mutate(checked.data);
          }}
        >
          <p className="text-sm text-gray-700">{t("mail.wording.asTyped")}</p>
          {FIELDS.map((f) => input(f, t(`mail.wording.${f}`)))}
          <label className="flex items-center gap-2 text-sm text-gray-800">
            <input
              type="checkbox"
              checked={draft.followTargets}
              disabled={!current.data}
              onChange={(e) => set({ followTargets: e.target.checked })}
            />
            {t("mail.wording.follow")}
          </label>
          {input("promise", t("mail.wording.promise"), draft.followTargets)}
          <div>
            <Button type="submit" disabled={save.isPending || !current.data || !checked.success}>
              {t("mail.wording.save")}
            </Button>
          </div>
        </form>
        <section aria-label={t("mail.wording.previewOf")} className="flex flex-col gap-2">
          <h3 className="text-sm font-medium text-gray-800">{t("mail.wording.preview")}</h3>
          <div
            className="overflow-hidden rounded-lg border border-gray-200 bg-gray-50"
            data-testid="wording-preview"
          >
            <PortalHeader brand={texts.brand} preview />
            <div className="p-3">
              <WelcomeBanner texts={texts} preview />
            </div>
            <PortalFooter footer={texts.footer} preview />
          </div>
        </section>
      </CardContent>
    </Card>
  );
}
