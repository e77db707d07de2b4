ALTER TABLE `ticket_notes` ADD `unverified_reason` text;--> statement-breakpoint
ALTER TABLE `ticket_notes` ADD `unverified_file_ids` text;