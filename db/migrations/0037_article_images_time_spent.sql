CREATE TABLE `kb_article_images` (
	`article_id` integer NOT NULL,
	`token` text NOT NULL,
	PRIMARY KEY(`token`, `article_id`),
	FOREIGN KEY (`article_id`) REFERENCES `kb_articles`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `kb_article_images_article_idx` ON `kb_article_images` (`article_id`);--> statement-breakpoint
CREATE INDEX `ticket_notes_minutes_idx` ON `ticket_notes` (`created_at`) WHERE "ticket_notes"."minutes_spent" IS NOT NULL;--> statement-breakpoint
-- hand-written: the image addresses of existing article bodies, each "/help/images/" and the 32 hex digits after it
WITH RECURSIVE after_address(article_id, tail) AS (
  SELECT id, substr(body, instr(body, '/help/images/') + 13) FROM kb_articles WHERE instr(body, '/help/images/') > 0
  UNION ALL
  SELECT article_id, substr(tail, instr(tail, '/help/images/') + 13) FROM after_address
  WHERE instr(tail, '/help/images/') > 0
)
INSERT OR IGNORE INTO kb_article_images (article_id, token)
SELECT article_id, substr(tail, 1, 32) FROM after_address
WHERE length(tail) >= 32 AND substr(tail, 1, 32) NOT GLOB '*[^0-9a-f]*';
