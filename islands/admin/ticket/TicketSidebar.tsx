import { useId } from "react";
import type { TicketDto } from "../../../src/shared/dto";
import { CommitSelect } from "../../../src/ui/CommitSelect";
import { Label } from "../../../src/ui/Input";
import { usePublicList } from "../../lib/queries/public-config";
import { useStatuses } from "../../lib/queries/statuses";
import type { TicketEdit } from "../../lib/queries/ticket-page";
import { useAssignees } from "../../lib/queries/tickets";
import { assigneeName } from "../TicketList";
import { EditableText } from "./EditableText";
import { useI18n } from "../../../src/i18n/react";

type Save = (changes: TicketEdit) => void;
type Option = { value: string; label: string };

function SelectField({
  label,
  value,
  options,
  onCommit,
}: {
  label: string;
  value: string;
  options: Option[];
  onCommit: (v: string) => void;
}) {
  const id = useId();
  // a value no longer in the list (a renamed or retired item) still shows as it is
  const all = options.some((o) => o.value === value) ? options : [{ value, label: value }, ...options];
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <CommitSelect id={id} value={value} onCommit={onCommit}>
        {all.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </CommitSelect>
    </div>
  );
}

function TextField({
  label,
  value,
  onCommit,
  type,
  multiline,
}: {
  label: string;
  value: string;
  onCommit: (v: string) => void;
  type?: string;
  multiline?: boolean;
}) {
  const id = useId();
  return (
    <div className="space-y-1">
      <Label htmlFor={id}>{label}</Label>
      <EditableText id={id} value={value} onCommit={onCommit} type={type} multiline={multiline} />
    </div>
  );
}

/** Every field of the ticket, each saved on its own as soon as a change is confirmed. */
export function TicketSidebar({
  t,
  save,
  confirmClose,
}: {
  t: TicketDto;
  save: Save;
  confirmClose: (status: string) => boolean;
}) {
  const { t: tr } = useI18n();
  const statuses = useStatuses();
  const priorities = usePublicList("priorities").data ?? [];
  const departments = usePublicList("departments").data ?? [];
  const types = usePublicList("types").data ?? [];
  const companies = usePublicList("companies").data ?? [];
  const people = useAssignees().data;
  const assignees = [
    { value: "", label: tr("ticket.unassigned") },
    ...(people ?? []).map((p) => ({ value: String(p.id), label: assigneeName(people, String(p.id)) })),
  ];
  const assigned = t.assignedTo ?? "";
  return (
    <div className="space-y-3" data-testid="ticket-fields-panel">
      <SelectField
        label={tr("ticket.field.status")}
        value={t.status}
        options={statuses.map((s) => ({ value: s.name, label: s.label }))}
        onCommit={(status) => confirmClose(status) && save({ status })}
      />
      <SelectField
        label={tr("ticket.field.priority")}
        value={t.priority}
        options={priorities.map((p) => ({ value: p.name, label: p.label }))}
        onCommit={(priority) => save({ priority })}
      />
      <SelectField
        label={tr("ticket.field.assignTo")}
        value={assigned}
        options={
          assigned && !assignees.some((a) => a.value === assigned)
            ? [...assignees, { value: assigned, label: assigneeName(people, assigned) }]
            : assignees
        }
        onCommit={(v) => save({ assignedTo: v ? Number(v) : null })}
      />
      <SelectField
        label={tr("ticket.field.department")}
        value={t.department}
        options={departments.map((d) => ({ value: d.name, label: d.label }))}
        onCommit={(department) => save({ department })}
      />
      <SelectField
        label={tr("ticket.field.type")}
        value={t.ticketType}
        options={types.map((d) => ({ value: d.name, label: d.label }))}
        onCommit={(ticketType) => save({ ticketType })}
      />
      <SelectField
        label={tr("ticket.field.company")}
        value={t.companyId ? String(t.companyId) : t.companyName}
        options={companies.map((c) => ({ value: String(c.id), label: c.name }))}
        onCommit={(v) => save({ companyId: Number(v) })}
      />
      <TextField
        label={tr("ticket.field.location")}
        value={t.location ?? ""}
        onCommit={(location) => save({ location })}
      />
      <TextField
        label={tr("ticket.field.firstName")}
        value={t.firstName}
        onCommit={(firstName) => save({ firstName })}
      />
      <TextField
        label={tr("ticket.field.lastName")}
        value={t.lastName}
        onCommit={(lastName) => save({ lastName })}
      />
      <TextField
        label={tr("ticket.field.email")}
        type="email"
        value={t.email}
        onCommit={(email) => save({ email })}
      />
      <TextField
        label={tr("ticket.field.phone")}
        value={t.phone ?? ""}
        onCommit={(phone) => save({ phone })}
      />
      <TextField
        label={tr("ticket.field.description")}
        multiline
        value={t.description}
        onCommit={(description) => save({ description })}
      />
    </div>
  );
}
