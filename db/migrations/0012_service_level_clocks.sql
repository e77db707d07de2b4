ALTER TABLE `tickets` ADD `first_response_due_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_response_soon_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `first_responded_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolution_due_at` integer;--> statement-breakpoint
ALTER TABLE `tickets` ADD `resolution_soon_at` integer;--> statement-breakpoint
CREATE INDEX `tickets_status_resolution_due_idx` ON `tickets` (`status`,`resolution_due_at`);--> statement-breakpoint
CREATE INDEX `tickets_status_resolution_soon_idx` ON `tickets` (`status`,`resolution_soon_at`);--> statement-breakpoint
CREATE INDEX `tickets_resolution_due_idx` ON `tickets` (`resolution_due_at`);--> statement-breakpoint
CREATE INDEX `tickets_status_first_response_due_idx` ON `tickets` (`status`,`first_response_due_at`);--> statement-breakpoint
CREATE INDEX `tickets_status_first_response_soon_idx` ON `tickets` (`status`,`first_response_soon_at`);