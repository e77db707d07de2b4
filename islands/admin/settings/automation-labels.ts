import type {
  ACTION_TYPES,
  CONDITION_FIELDS,
  CONDITION_OPS,
  TIME_ANCHORS,
  TRIGGER_KINDS,
} from "../../../src/shared/schemas/automation";

export const TRIGGER_LABELS: Record<(typeof TRIGGER_KINDS)[number], string> = {
  created: "Ticket created",
  changed: "Ticket changed",
  requester_replied: "Requester replied",
  time: "Time passed",
};

export const ANCHOR_LABELS: Record<(typeof TIME_ANCHORS)[number], string> = {
  status: "in its current status",
  created: "since it was created",
  requester_reply: "since the requester's last reply",
  staff_reply: "since staff's last reply",
  first_response_due: "after the first response is due",
  resolution_due: "after resolution is due",
};

export const FIELD_LABELS: Record<(typeof CONDITION_FIELDS)[number], string> = {
  status: "Status",
  priority: "Priority",
  department: "Department",
  ticketType: "Type",
  companyName: "Company",
  assignedTo: "Assignee (user id)",
  location: "Location",
  firstName: "First name",
  lastName: "Last name",
  email: "Requester e-mail",
  emailDomain: "Requester domain",
  description: "Description",
  businessHoursNow: "Business hours now (yes/no)",
  tags: "Tags",
  channel: "Channel",
};

export const OP_LABELS: Record<(typeof CONDITION_OPS)[number], string> = {
  is: "is",
  is_not: "is not",
  contains: "contains",
};

export const ACTION_LABELS: Record<(typeof ACTION_TYPES)[number], string> = {
  set_status: "Set status",
  set_priority: "Set priority",
  set_department: "Set department",
  set_type: "Set type",
  set_assignee: "Assign to",
  assign_round_robin: "Assign round robin in department",
  assign_least_loaded: "Assign least loaded in department",
  add_tags: "Add tags",
  set_field: "Set custom field",
  add_note: "Add internal note",
  send_email: "Send e-mail",
  call_webhook: "Call webhook (id)",
  stop: "Stop further rules",
};
