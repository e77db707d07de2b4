CREATE TABLE `tracking_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`token_hash` text NOT NULL,
	`email` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `tracking_links_token_hash_unique` ON `tracking_links` (`token_hash`);--> statement-breakpoint
CREATE INDEX `tracking_links_expires_idx` ON `tracking_links` (`expires_at`);--> statement-breakpoint
-- Hand-written: an install that already has users or tickets keeps open public tracking until an
-- administrator changes it; a new install (empty at this point) starts verified.
INSERT OR IGNORE INTO `app_settings` (`key`, `value`, `updated_at`)
SELECT 'portal.tracking', 'open', CAST(unixepoch('subsec') * 1000 AS INTEGER)
WHERE EXISTS (SELECT 1 FROM `users`) OR EXISTS (SELECT 1 FROM `tickets`);
