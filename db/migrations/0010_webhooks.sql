CREATE TABLE `webhook_deliveries` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`webhook_id` integer NOT NULL,
	`event_id` text NOT NULL,
	`event` text NOT NULL,
	`ticket_id` integer,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`next_attempt_at` integer NOT NULL,
	`occurred_at` integer NOT NULL,
	`last_attempt_at` integer,
	`last_status` integer,
	`last_error` text,
	`response_excerpt` text,
	FOREIGN KEY (`webhook_id`) REFERENCES `webhooks`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `webhook_deliveries_due_idx` ON `webhook_deliveries` (`status`,`next_attempt_at`);--> statement-breakpoint
CREATE INDEX `webhook_deliveries_hook_idx` ON `webhook_deliveries` (`webhook_id`,`id`);--> statement-breakpoint
CREATE TABLE `webhooks` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`url` text NOT NULL,
	`events` text NOT NULL,
	`active` integer DEFAULT true NOT NULL,
	`include_internal` integer DEFAULT false NOT NULL,
	`secret` text NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
-- The ticket as a webhook body shows it, in one place for every trigger below.
CREATE VIEW `webhook_ticket_json` AS SELECT t.id AS id, json_object(
  'id', t.ticket_id, 'status', t.status, 'priority', t.priority, 'type', t.ticket_type,
  'department', t.department, 'companyName', t.company_name, 'assignedTo', t.assigned_to,
  'firstName', t.first_name, 'lastName', t.last_name, 'email', t.email, 'phone', t.phone,
  'location', t.location, 'description', t.description,
  'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.created_at / 1000.0, 'unixepoch'),
  'updatedAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.updated_at / 1000.0, 'unixepoch'),
  'processedAt', CASE WHEN t.processed_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', t.processed_at / 1000.0, 'unixepoch') END,
  'completedAt', CASE WHEN t.completed_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', t.completed_at / 1000.0, 'unixepoch') END
) AS ticket FROM `tickets` t;
--> statement-breakpoint
-- Deliveries are queued in the transaction of the write they report, whichever code or process writes,
-- so an acknowledged change is never lost; created and changed follow the change log (which names the
-- fields a change touched), and a change that touched none of them is not reported.
CREATE TRIGGER `webhook_ticket_events_ai` AFTER INSERT ON `ticket_changes`
WHEN new.kind = 'created' OR (new.kind = 'changed' AND coalesce(new.fields, '') <> '') BEGIN
  INSERT INTO `webhook_deliveries` (`webhook_id`, `event_id`, `event`, `ticket_id`, `payload`, `next_attempt_at`, `occurred_at`)
    SELECT w.id, lower(hex(randomblob(16))), 'ticket.' || new.kind, new.ticket_id,
      CASE WHEN new.kind = 'created' THEN json_object('ticket', json(v.ticket))
        ELSE json_object('ticket', json(v.ticket), 'changes', json('["' || replace(new.fields, ',', '","') || '"]')) END,
      new.at, new.at
    FROM `webhooks` w JOIN `webhook_ticket_json` v ON v.id = new.ticket_id
    WHERE w.active = 1 AND instr(',' || w.events || ',', ',ticket.' || new.kind || ',') > 0;
END;
--> statement-breakpoint
-- Internal notes go only to receivers an administrator marked for them.
CREATE TRIGGER `webhook_note_events_ai` AFTER INSERT ON `ticket_notes` BEGIN
  INSERT INTO `webhook_deliveries` (`webhook_id`, `event_id`, `event`, `ticket_id`, `payload`, `next_attempt_at`, `occurred_at`)
    SELECT w.id, lower(hex(randomblob(16))), 'note.added', new.ticket_id,
      json_object('ticket', json(v.ticket), 'note', json_object('id', new.id, 'body', new.note,
        'isInternal', json(CASE WHEN new.is_internal THEN 'true' ELSE 'false' END), 'source', new.source,
        'authorName', new.user_name, 'authorEmail', new.user_email,
        'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', new.created_at / 1000.0, 'unixepoch'))),
      CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER), CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER)
    FROM `webhooks` w JOIN `webhook_ticket_json` v ON v.id = new.ticket_id
    WHERE w.active = 1 AND instr(',' || w.events || ',', ',note.added,') > 0
      AND (new.is_internal = 0 OR w.include_internal = 1);
END;
