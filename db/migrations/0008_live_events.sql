CREATE TABLE `ticket_changes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`ticket_id` integer NOT NULL,
	`kind` text NOT NULL,
	`fields` text,
	`department` text NOT NULL,
	`company_name` text NOT NULL,
	`assigned_to` text,
	`old_department` text,
	`old_company_name` text,
	`old_assigned_to` text,
	`at` integer NOT NULL
);
--> statement-breakpoint
ALTER TABLE `tickets` ADD `version` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `tickets` ADD `updated_by` integer;