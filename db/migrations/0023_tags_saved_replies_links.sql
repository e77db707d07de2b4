CREATE TABLE `tags` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text(40) NOT NULL,
	`name_key` text(40) NOT NULL,
	`color` text DEFAULT 'gray' NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tags_name_key_unique` ON `tags` (`name_key`);--> statement-breakpoint
CREATE TABLE `ticket_tags` (
	`tag_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	PRIMARY KEY(`tag_id`, `ticket_id`),
	FOREIGN KEY (`tag_id`) REFERENCES `tags`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_tags_ticket_idx` ON `ticket_tags` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `saved_replies` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`owner_id` integer,
	`title` text(100) NOT NULL,
	`body` text NOT NULL,
	`status` text,
	`tags` text DEFAULT '[]' NOT NULL,
	`usage_count` integer DEFAULT 0 NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`owner_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `saved_replies_owner_idx` ON `saved_replies` (`owner_id`,`title`);--> statement-breakpoint
CREATE TABLE `ticket_relations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`from_id` integer NOT NULL,
	`to_id` integer NOT NULL,
	`kind` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`from_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`to_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_relations_pair_idx` ON `ticket_relations` (`from_id`,`to_id`);--> statement-breakpoint
CREATE INDEX `ticket_relations_to_idx` ON `ticket_relations` (`to_id`);--> statement-breakpoint
ALTER TABLE `tickets` ADD `tags` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `merged_into` integer;--> statement-breakpoint
-- hand-written
-- The change log names a change of tags like any other field.
DROP TRIGGER `ticket_changes_au`;--> statement-breakpoint
CREATE TRIGGER `ticket_changes_au` AFTER UPDATE ON `tickets` BEGIN
  INSERT INTO `ticket_changes` (`ticket_id`, `kind`, `fields`, `department`, `company_name`, `assigned_to`, `old_department`, `old_company_name`, `old_assigned_to`, `at`)
    VALUES (new.id, 'changed', substr(CASE WHEN old.status IS NOT new.status THEN ',status' ELSE '' END || CASE WHEN old.priority IS NOT new.priority THEN ',priority' ELSE '' END || CASE WHEN old.assigned_to IS NOT new.assigned_to THEN ',assignedTo' ELSE '' END || CASE WHEN old.department IS NOT new.department THEN ',department' ELSE '' END || CASE WHEN old.company_name IS NOT new.company_name THEN ',companyName' ELSE '' END || CASE WHEN old.company_id IS NOT new.company_id THEN ',companyId' ELSE '' END || CASE WHEN old.ticket_type IS NOT new.ticket_type THEN ',ticketType' ELSE '' END || CASE WHEN old.description IS NOT new.description THEN ',description' ELSE '' END || CASE WHEN old.first_name IS NOT new.first_name THEN ',firstName' ELSE '' END || CASE WHEN old.last_name IS NOT new.last_name THEN ',lastName' ELSE '' END || CASE WHEN old.email IS NOT new.email THEN ',email' ELSE '' END || CASE WHEN old.phone IS NOT new.phone THEN ',phone' ELSE '' END || CASE WHEN old.location IS NOT new.location THEN ',location' ELSE '' END || CASE WHEN old.processed_at IS NOT new.processed_at THEN ',processedAt' ELSE '' END || CASE WHEN old.completed_at IS NOT new.completed_at THEN ',completedAt' ELSE '' END || CASE WHEN old.tags IS NOT new.tags THEN ',tags' ELSE '' END, 2), new.department, new.company_name, new.assigned_to, old.department, old.company_name, old.assigned_to, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  UPDATE `tickets` SET `version` = old.version + 1 WHERE `id` = new.id AND new.version = old.version;
  DELETE FROM `ticket_changes` WHERE `id` <= (SELECT max(`id`) FROM `ticket_changes`) - 10000;
END;
--> statement-breakpoint
-- A webhook's ticket carries its tags.
DROP VIEW `webhook_ticket_json`;--> statement-breakpoint
CREATE VIEW `webhook_ticket_json` AS SELECT t.id AS id, json_object(
  'id', t.ticket_id, 'status', t.status, 'priority', t.priority, 'type', t.ticket_type,
  'department', t.department, 'companyName', t.company_name, 'assignedTo', t.assigned_to,
  'firstName', t.first_name, 'lastName', t.last_name, 'email', t.email, 'phone', t.phone,
  'location', t.location, 'description', t.description, 'tags', json(t.tags),
  'createdAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.created_at / 1000.0, 'unixepoch'),
  'updatedAt', strftime('%Y-%m-%dT%H:%M:%fZ', t.updated_at / 1000.0, 'unixepoch'),
  'processedAt', CASE WHEN t.processed_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', t.processed_at / 1000.0, 'unixepoch') END,
  'completedAt', CASE WHEN t.completed_at IS NULL THEN NULL ELSE strftime('%Y-%m-%dT%H:%M:%fZ', t.completed_at / 1000.0, 'unixepoch') END
) AS ticket FROM `tickets` t;
