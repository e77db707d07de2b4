-- hand-written
-- A webhook's ticket carries the values of its fields that requesters may see, by key.
DROP VIEW `webhook_ticket_json`;--> statement-breakpoint
CREATE VIEW `webhook_ticket_json` AS SELECT t.id AS id, json_object(
  'id', t.ticket_id, 'status', t.status, 'priority', t.priority, 'type', t.ticket_type,
  'department', t.department, 'companyName', t.company_name, 'assignedTo', t.assigned_to,
  'firstName', t.first_name, 'lastName', t.last_name, 'email', t.email, 'phone', t.phone,
  'location', t.location, 'description', t.description, 'tags', json(t.tags),
  'customFields', json((SELECT json_group_object(k, json(val)) FROM (
    SELECT f.key AS k, CASE f.kind
      WHEN 'multi_select' THEN json_group_array(v.value_text)
      WHEN 'checkbox' THEN CASE WHEN max(v.value_number) = 1 THEN 'true' ELSE 'false' END
      WHEN 'number' THEN json_quote(max(v.value_number))
      ELSE json_quote(max(v.value_text)) END AS val
    FROM `ticket_field_values` v JOIN `custom_fields` f ON f.id = v.field_id
    WHERE v.ticket_id = t.id AND f.is_active = 1 AND f.visibility = 'public'
    GROUP BY f.id ORDER BY f.position))),
  'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.created_at / 1000.0, 'unixepoch'),
  'updatedAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.updated_at / 1000.0, 'unixepoch'),
  'processedAt', CASE WHEN t.processed_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', t.processed_at / 1000.0, 'unixepoch') END,
  'completedAt', CASE WHEN t.completed_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', t.completed_at / 1000.0, 'unixepoch') END
) AS ticket FROM `tickets` t;
