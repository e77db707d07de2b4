import { type FormEvent, useEffect, useId, useState } from "react";
import { useQuery } from "@tanstack/react-query";
import { Button } from "../../../src/ui/Button";
import { Dialog } from "../../../src/ui/Dialog";
import { Input, Label, NativeSelect, Textarea } from "../../../src/ui/Input";
import { api, serverMessage } from "../../lib/api";
import { usePublicList } from "../../lib/queries/public-config";
import { useToast } from "../../lib/toast";
import { useI18n } from "../../../src/i18n/react";
import type { StaffKey } from "../../../src/i18n/staff/en";

const CHANNELS: [string, StaffKey][] = [
  ["phone", "ticket.channel.phone"],
  ["walk-in", "ticket.channel.walkIn"],
  ["email", "ticket.channel.email"],
  ["staff", "ticket.channel.staff"],
  ["portal", "ticket.channel.portal"],
];
type Requester = { email: string; firstName: string; lastName: string; phone: string };
const EMPTY = { email: "", firstName: "", lastName: "", phone: "", description: "", note: "" };

function Field({ label, children, id }: { label: string; id: string; children: React.ReactNode }) {
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      {children}
    </div>
  );
}

/** A ticket opened by staff for a caller or a walk-in; earlier requesters come up as the e-mail is typed. */
export function NewTicketDialog({
  open,
  onOpenChange,
}: {
  open: boolean;
  onOpenChange: (o: boolean) => void;
}) {
  const { t, message } = useI18n();
  const toast = useToast();
  const id = useId();
  const [v, setV] = useState(EMPTY);
  const [channel, setChannel] = useState("phone");
  const [notify, setNotify] = useState(true);
  const [busy, setBusy] = useState(false);
  const departments = usePublicList("departments").data ?? [];
  const types = usePublicList("types").data ?? [];
  const companies = usePublicList("companies").data ?? [];
  const [pick, setPick] = useState({ department: "", ticketType: "", companyId: "" });
  const known = useQuery({
    queryKey: ["requesters", v.email.trim().toLowerCase()],
    queryFn: () => api.get<Requester[]>(`/api/admin/requesters?q=${encodeURIComponent(v.email.trim())}`),
    enabled: open && v.email.trim().length >= 2,
  });
  const set = (k: keyof typeof EMPTY, value: string) => setV((old) => ({ ...old, [k]: value }));
  // an earlier requester's address, typed or picked: their name and phone fill the empty fields
  const match = known.data?.find((r) => r.email === v.email.trim().toLowerCase());
  useEffect(() => {
    if (!match) return;
    setV((old) => ({
      ...old,
      firstName: old.firstName || match.firstName,
      lastName: old.lastName || match.lastName,
      phone: old.phone || match.phone,
    }));
  }, [match]);
  const department = pick.department || departments[0]?.name || "";
  const ticketType = pick.ticketType || types[0]?.name || "";
  const company = companies.find((c) => String(c.id) === pick.companyId) ?? companies[0];
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setBusy(true);
    try {
      const made = await api.post<{ ticketId: string }>("/api/admin/tickets", {
        ...v,
        note: v.note.trim() || undefined,
        department,
        ticketType,
        companyId: company?.id,
        companyName: company?.name ?? "",
        channel,
        notifyRequester: notify,
      });
      window.location.assign(`/admin/tickets/${made.ticketId}`);
    } catch (err) {
      toast({
        title: t("ticket.createFailed"),
        description: message(serverMessage(err, "")) || undefined,
        variant: "destructive",
      });
      setBusy(false);
    }
  };
  const text = (k: keyof typeof EMPTY, label: string, type = "text") => (
    <Field label={label} id={`${id}-${k}`}>
      <Input
        id={`${id}-${k}`}
        type={type}
        value={v[k]}
        onChange={(e) => set(k, e.target.value)}
        list={k === "email" ? `${id}-known` : undefined}
        autoComplete="off"
      />
    </Field>
  );
  const choose = (
    k: keyof typeof pick,
    label: string,
    value: string,
    options: { value: string; label: string }[],
  ) => (
    <Field label={label} id={`${id}-${k}`}>
      <NativeSelect
        id={`${id}-${k}`}
        value={value}
        onChange={(e) => setPick((p) => ({ ...p, [k]: e.target.value }))}
      >
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </NativeSelect>
    </Field>
  );
  return (
    <Dialog open={open} onOpenChange={onOpenChange} title={t("ticket.new")} className="max-w-2xl">
      <form onSubmit={submit} className="grid gap-3 sm:grid-cols-2">
        {text("email", t("ticket.requesterEmail"), "email")}
        <datalist id={`${id}-known`}>
          {known.data?.map((r) => (
            <option key={r.email} value={r.email}>{`${r.firstName} ${r.lastName}`}</option>
          ))}
        </datalist>
        <Field label={t("ticket.channel")} id={`${id}-channel`}>
          <NativeSelect id={`${id}-channel`} value={channel} onChange={(e) => setChannel(e.target.value)}>
            {CHANNELS.map(([value, label]) => (
              <option key={value} value={value}>
                {t(label)}
              </option>
            ))}
          </NativeSelect>
        </Field>
        {text("firstName", t("ticket.field.firstName"))}
        {text("lastName", t("ticket.field.lastName"))}
        {text("phone", t("ticket.phoneFormat"))}
        {choose(
          "department",
          t("ticket.field.department"),
          department,
          departments.map((d) => ({ value: d.name, label: d.label })),
        )}
        {choose(
          "ticketType",
          t("ticket.field.type"),
          ticketType,
          types.map((d) => ({ value: d.name, label: d.label })),
        )}
        {choose(
          "companyId",
          t("ticket.field.company"),
          String(company?.id ?? ""),
          companies.map((c) => ({ value: String(c.id), label: c.name })),
        )}
        <div className="sm:col-span-2">
          <Field label={t("ticket.field.description")} id={`${id}-description`}>
            <Textarea
              id={`${id}-description`}
              rows={3}
              value={v.description}
              onChange={(e) => set("description", e.target.value)}
            />
          </Field>
        </div>
        <div className="sm:col-span-2">
          <Field label={t("ticket.noteOptional")} id={`${id}-note`}>
            <Textarea
              id={`${id}-note`}
              rows={2}
              value={v.note}
              onChange={(e) => set("note", e.target.value)}
            />
          </Field>
        </div>
        <label className="flex items-center gap-2 text-sm sm:col-span-2">
          <input type="checkbox" checked={notify} onChange={(e) => setNotify(e.target.checked)} />
          {t("ticket.notify")}
        </label>
        <div className="flex justify-end gap-2 sm:col-span-2">
          <Button type="button" variant="outline" onClick={() => onOpenChange(false)}>
            {t("ticket.cancel")}
          </Button>
          <Button type="submit" disabled={busy}>
            {t("ticket.create")}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
