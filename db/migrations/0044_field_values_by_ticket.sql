-- hand-written: the values kept WITHOUT ROWID under (ticket, field, position), so a new ticket's values
-- go into one tree and two partial indexes instead of a table, a ticket index and the partial indexes
CREATE TABLE `__new_ticket_field_values` (
	`ticket_id` integer NOT NULL,
	`field_id` integer NOT NULL,
	`position` integer DEFAULT 0 NOT NULL,
	`value_text` text,
	`value_number` real,
	PRIMARY KEY(`ticket_id`, `field_id`, `position`),
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`field_id`) REFERENCES `custom_fields`(`id`) ON UPDATE no action ON DELETE cascade
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_ticket_field_values`("ticket_id", "field_id", "position", "value_text", "value_number")
  SELECT "ticket_id", "field_id", row_number() OVER (PARTITION BY "ticket_id", "field_id" ORDER BY rowid) - 1, "value_text", "value_number"
  FROM `ticket_field_values` ORDER BY "ticket_id", "field_id", rowid;--> statement-breakpoint
DROP TABLE `ticket_field_values`;--> statement-breakpoint
-- the views that read the values name the table, not the old one: the rename must leave them as they are
PRAGMA legacy_alter_table = ON;--> statement-breakpoint
ALTER TABLE `__new_ticket_field_values` RENAME TO `ticket_field_values`;--> statement-breakpoint
PRAGMA legacy_alter_table = OFF;--> statement-breakpoint
CREATE INDEX `ticket_field_values_text_idx` ON `ticket_field_values` (`field_id`,`value_text`,`ticket_id`) WHERE "ticket_field_values"."value_text" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `ticket_field_values_number_idx` ON `ticket_field_values` (`field_id`,`value_number`,`ticket_id`) WHERE "ticket_field_values"."value_number" IS NOT NULL;--> statement-breakpoint
CREATE TRIGGER `ticket_words_field_ai` AFTER INSERT ON `ticket_field_values`
WHEN new.value_text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id)
  AND (SELECT kind FROM `custom_fields` WHERE id = new.field_id) IN ('text', 'long_text') BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_field_ad` AFTER DELETE ON `ticket_field_values`
WHEN old.value_text IS NOT NULL AND NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.ticket_id)
  AND (SELECT kind FROM `custom_fields` WHERE id = old.field_id) IN ('text', 'long_text') BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = old.ticket_id;
END;
