CREATE INDEX `tickets_status_priority_idx` ON `tickets` (`status`,`priority`);--> statement-breakpoint
CREATE INDEX `tickets_status_type_idx` ON `tickets` (`status`,`ticket_type`);