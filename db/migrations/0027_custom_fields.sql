CREATE TABLE `custom_fields` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`label` text NOT NULL,
	`kind` text NOT NULL,
	`options` text NOT NULL,
	`required` integer DEFAULT false NOT NULL,
	`help_text` text DEFAULT '' NOT NULL,
	`ticket_types` text NOT NULL,
	`visibility` text DEFAULT 'public' NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`is_active` integer DEFAULT true NOT NULL,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `custom_fields_key_unique` ON `custom_fields` (`key`);--> statement-breakpoint
CREATE TABLE `ticket_field_values` (
	`ticket_id` integer NOT NULL,
	`field_id` integer NOT NULL,
	`value_text` text,
	`value_number` real,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`field_id`) REFERENCES `custom_fields`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_field_values_text_idx` ON `ticket_field_values` (`field_id`,`value_text`,`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_field_values_number_idx` ON `ticket_field_values` (`field_id`,`value_number`,`ticket_id`);--> statement-breakpoint
CREATE INDEX `ticket_field_values_ticket_idx` ON `ticket_field_values` (`ticket_id`,`field_id`);