CREATE TABLE `agent_preferences` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`notify` text DEFAULT '{}' NOT NULL,
	`away_from` text,
	`away_until` text,
	`deputy_id` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`deputy_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE TABLE `notification_digests` (
	`user_id` integer PRIMARY KEY NOT NULL,
	`outbox_id` integer NOT NULL,
	`started_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`kind` text NOT NULL,
	`actor_name` text,
	`in_app` integer NOT NULL,
	`outbox_id` integer,
	`created_at` integer NOT NULL,
	`read_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`id`);--> statement-breakpoint
CREATE INDEX `notifications_ticket_idx` ON `notifications` (`ticket_id`);--> statement-breakpoint
CREATE INDEX `notifications_unread_idx` ON `notifications` (`user_id`) WHERE "notifications"."read_at" IS NULL;--> statement-breakpoint
CREATE INDEX `notifications_outbox_idx` ON `notifications` (`outbox_id`);--> statement-breakpoint
CREATE TABLE `ticket_followers` (
	`ticket_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`created_at` integer NOT NULL,
	PRIMARY KEY(`ticket_id`, `user_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_followers_user_idx` ON `ticket_followers` (`user_id`);--> statement-breakpoint
ALTER TABLE `ticket_notes` ADD `minutes_spent` integer;