CREATE TABLE `automation_firings` (
	`rule_id` integer NOT NULL,
	`ticket_id` integer NOT NULL,
	`anchor_at` integer NOT NULL,
	`fired_at` integer NOT NULL,
	PRIMARY KEY(`rule_id`, `ticket_id`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
ALTER TABLE `tickets` ADD `status_changed_at` integer;