CREATE TABLE `kb_words` (
	`term` text PRIMARY KEY NOT NULL,
	`articles` integer NOT NULL
);
--> statement-breakpoint
-- hand-written: the words of the articles written so far, read from the article index's own word list
CREATE VIRTUAL TABLE `temp`.`kb_fts_vocab` USING fts5vocab(`main`, `kb_fts`, 'row');
--> statement-breakpoint
INSERT INTO `kb_words` (`term`, `articles`) SELECT `term`, `doc` FROM `temp`.`kb_fts_vocab`;
--> statement-breakpoint
DROP TABLE `temp`.`kb_fts_vocab`;
