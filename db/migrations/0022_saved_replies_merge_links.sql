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
ALTER TABLE `tickets` ADD `merged_into` integer;