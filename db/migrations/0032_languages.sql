ALTER TABLE `users` ADD `language` text;--> statement-breakpoint
ALTER TABLE `tickets` ADD `language` text DEFAULT 'en' NOT NULL;