CREATE TABLE `ticket_reopens` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
-- hand-written
CREATE TRIGGER `ticket_reopens_count` AFTER UPDATE OF `completed_at` ON `tickets`
WHEN OLD.`completed_at` IS NOT NULL AND NEW.`completed_at` IS NULL
BEGIN
  INSERT INTO `ticket_reopens` (`ticket_id`, `n`) VALUES (NEW.`id`, 1)
    ON CONFLICT (`ticket_id`) DO UPDATE SET `n` = `n` + 1;
END;
