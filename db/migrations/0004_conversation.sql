CREATE TABLE `app_settings` (
	`key` text PRIMARY KEY NOT NULL,
	`value` text NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE `inbound_skips` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`message_id` text NOT NULL,
	`from_address` text,
	`subject` text,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `inbound_skips_message_id_unique` ON `inbound_skips` (`message_id`);--> statement-breakpoint
CREATE INDEX `inbound_skips_created_idx` ON `inbound_skips` (`created_at`);--> statement-breakpoint
CREATE TABLE `ticket_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`revoked_at` integer,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_links_token_hash_unique` ON `ticket_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `ticket_links_ticket_idx` ON `ticket_links` (`ticket_id`);--> statement-breakpoint
CREATE TABLE `ticket_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`message_id` text NOT NULL,
	`direction` text NOT NULL,
	`note_id` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `ticket_messages_message_id_unique` ON `ticket_messages` (`message_id`);--> statement-breakpoint
CREATE INDEX `ticket_messages_ticket_idx` ON `ticket_messages` (`ticket_id`,`created_at`);--> statement-breakpoint
ALTER TABLE `ticket_notes` ADD `source` text DEFAULT 'web' NOT NULL;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `message_id` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `in_reply_to` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `references` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `reply_to` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `link_ticket_id` integer;