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
--> statement-breakpoint
-- Staff search matches the values of text fields: requester-visible ones with the ticket's own text,
-- staff-only ones with its internal notes.
DROP VIEW `ticket_search_text`;--> statement-breakpoint
CREATE VIEW `ticket_search_text` AS SELECT t.id,
  t.first_name || ' ' || t.last_name || ' ' || t.email AS person,
  concat_ws(' ', t.ticket_id, t.company_name, t.description,
    (SELECT group_concat(v.value_text, ' ') FROM `ticket_field_values` v JOIN `custom_fields` f ON f.id = v.field_id
      WHERE v.ticket_id = t.id AND f.kind IN ('text', 'long_text') AND f.visibility = 'public')) AS ticket,
  (SELECT group_concat(n.note, ' ') FROM `ticket_notes` n WHERE n.ticket_id = t.id AND n.is_internal = 0) AS replies,
  concat_ws(' ',
    (SELECT group_concat(n.note, ' ') FROM `ticket_notes` n WHERE n.ticket_id = t.id AND n.is_internal = 1),
    (SELECT group_concat(a.original_name, ' ') FROM `file_attachments` a WHERE a.ticket_id = t.id AND a.is_internal = 1),
    (SELECT group_concat(v.value_text, ' ') FROM `ticket_field_values` v JOIN `custom_fields` f ON f.id = v.field_id
      WHERE v.ticket_id = t.id AND f.kind IN ('text', 'long_text') AND f.visibility = 'staff')) AS internal,
  (SELECT group_concat(a.original_name, ' ') FROM `file_attachments` a WHERE a.ticket_id = t.id AND a.is_internal = 0) AS files
FROM `tickets` t;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_field_ai` AFTER INSERT ON `ticket_field_values`
WHEN new.value_text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id)
  AND (SELECT kind FROM `custom_fields` WHERE id = new.field_id) IN ('text', 'long_text') BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_field_ad` AFTER DELETE ON `ticket_field_values`
WHEN old.value_text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.ticket_id)
  AND (SELECT kind FROM `custom_fields` WHERE id = old.field_id) IN ('text', 'long_text') BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = old.ticket_id;
END;
--> statement-breakpoint
INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files)
  SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text`
  WHERE id IN (SELECT v.ticket_id FROM `ticket_field_values` v JOIN `custom_fields` f ON f.id = v.field_id WHERE f.kind IN ('text', 'long_text'));
