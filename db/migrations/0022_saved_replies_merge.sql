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
ALTER TABLE `tickets` ADD `merged_into` integer;