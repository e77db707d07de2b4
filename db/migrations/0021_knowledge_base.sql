CREATE TABLE `kb_articles` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text(120) NOT NULL,
	`title` text(200) NOT NULL,
	`body` text NOT NULL,
	`category` text(80) DEFAULT '' NOT NULL,
	`visibility` text DEFAULT 'public' NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`views` integer DEFAULT 0 NOT NULL,
	`updated_by` integer,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `kb_articles_slug_idx` ON `kb_articles` (`slug`);--> statement-breakpoint
CREATE INDEX `kb_articles_listing_idx` ON `kb_articles` (`status`,`visibility`,`category`,`title`);--> statement-breakpoint
CREATE TABLE `kb_deflections` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer,
	`outcome` text NOT NULL,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `kb_articles`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `kb_deflections_time_idx` ON `kb_deflections` (`created_at`);--> statement-breakpoint
CREATE TABLE `kb_revisions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`article_id` integer NOT NULL,
	`title` text(200) NOT NULL,
	`body` text NOT NULL,
	`updated_by` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`article_id`) REFERENCES `kb_articles`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`updated_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `kb_revisions_article_idx` ON `kb_revisions` (`article_id`,`id`);--> statement-breakpoint
-- hand-written: article search, kept by the article verbs in their transaction (words for ranking, trigrams for typos)
CREATE VIRTUAL TABLE `kb_fts` USING fts5(title, body, tokenize='porter unicode61 remove_diacritics 2');
--> statement-breakpoint
CREATE VIRTUAL TABLE `kb_fts_tri` USING fts5(title, body, tokenize='trigram');
