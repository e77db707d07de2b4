ALTER TABLE `users` ADD `signature` text;--> statement-breakpoint
ALTER TABLE `mail_outbox` ADD `attachment_ids` text;