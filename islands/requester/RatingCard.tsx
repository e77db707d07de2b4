import { useEffect, useId, useRef, useState } from "react";
import type { RequesterViewDto } from "../../src/shared/dto";
import { Button } from "../../src/ui/Button";
import { Card, CardContent, CardHeader, CardTitle } from "../../src/ui/Card";
import { Label, Textarea } from "../../src/ui/Input";
import { serverMessage } from "../lib/api";
import { requesterApi } from "../lib/queries/requester";
import { useI18n } from "../../src/i18n/react";
import type { MessageKey } from "../../src/i18n/catalogs/en";

type Rating = "good" | "okay" | "bad";
const CHOICES: { value: Rating; label: MessageKey }[] = [
  { value: "good", label: "rating.good" },
  { value: "okay", label: "rating.okay" },
  { value: "bad", label: "rating.bad" },
];
const isRating = (v: string | null): v is Rating => v === "good" || v === "okay" || v === "bad";

/**
 * "How did we do?" on a completed ticket. A link from the e-mail carries `?rate=…`, answered here once
 * the page runs, so a mail scanner that only fetches the link answers nothing.
 */
export function RatingCard({
  token,
  view,
  onChange,
}: {
  token: string;
  view: RequesterViewDto;
  onChange: (v: RequesterViewDto) => void;
}) {
  const id = useId();
  const { t, message } = useI18n();
  const [comment, setComment] = useState(view.rating?.comment ?? "");
  const [state, setState] = useState<{ busy: boolean; message: string | null; error: boolean }>({
    busy: false,
    message: null,
    error: false,
  });
  const send = async (body: { rating: Rating; comment?: string }, done: string) => {
    setState({ busy: true, message: null, error: false });
    try {
      onChange(await requesterApi.rate(token, body));
      setState({ busy: false, message: done, error: false });
    } catch (err) {
      setState({
        busy: false,
        message: message(serverMessage(err, t("requester.failed"))),
        error: true,
      });
    }
  };
  const fromLink = useRef(false);
  useEffect(() => {
    if (fromLink.current) return;
    fromLink.current = true;
    const url = new URL(window.location.href);
    const rate = url.searchParams.get("rate");
    if (!isRating(rate)) return;
    url.searchParams.delete("rate");
    window.history.replaceState(null, "", url);
    void send({ rating: rate }, t("rating.thanks"));
  });
  if (view.ticket.status !== "completed" && !view.rating) return null;
  const current = view.rating?.rating;
  const locked = view.rating ? Date.now() > Date.parse(view.rating.changeableUntil) : false;
  return (
    <Card>
      <CardHeader>
        <CardTitle level={2}>{t("rating.title")}</CardTitle>
      </CardHeader>
      <CardContent className="flex flex-col gap-3">
        <fieldset className="flex flex-wrap gap-2" disabled={state.busy || locked}>
          <legend className="sr-only">{t("rating.answer")}</legend>
          {CHOICES.map((c) => (
            <Button
              key={c.value}
              variant={current === c.value ? "default" : "outline"}
              aria-pressed={current === c.value}
              onClick={() => send({ rating: c.value }, t("rating.thanks"))}
            >
              {t(c.label)}
            </Button>
          ))}
        </fieldset>
        {current && !locked && (
          <form
            className="flex flex-col gap-2"
            aria-label={t("rating.comment")}
            onSubmit={(e) => {
              e.preventDefault();
              void send({ rating: current, comment }, t("rating.commented"));
            }}
          >
            <Label htmlFor={`${id}-comment`}>{t("rating.commentLabel")}</Label>
            <Textarea
              id={`${id}-comment`}
              rows={3}
              maxLength={2000}
              value={comment}
              onChange={(e) => setComment(e.target.value)}
            />
            <Button type="submit" variant="outline" className="self-start" disabled={state.busy}>
              {t("rating.send")}
            </Button>
          </form>
        )}
        {state.message && (
          <p
            role={state.error ? "alert" : "status"}
            className={state.error ? "text-sm text-red-700" : "text-sm text-green-700"}
          >
            {state.message}
          </p>
        )}
      </CardContent>
    </Card>
  );
}
