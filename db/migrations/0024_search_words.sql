-- Custom SQL migration file, put your code below! ---- hand-written
-- Staff search by whole words and their beginnings: one row per ticket holding the requester (name and
-- e-mail), the ticket's own text, its replies, its internal notes and internal files, and its file names.
-- The view is the one list of what is searched; every trigger below rebuilds a ticket's row from it.
CREATE VIRTUAL TABLE `ticket_words` USING fts5(person, ticket, replies, internal, files, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='3');
--> statement-breakpoint
CREATE VIEW `ticket_search_text` AS SELECT t.id,
  t.first_name || ' ' || t.last_name || ' ' || t.email AS person,
  t.ticket_id || ' ' || t.company_name || ' ' || t.description AS ticket,
  (SELECT group_concat(n.note, ' ') FROM `ticket_notes` n WHERE n.ticket_id = t.id AND n.is_internal = 0) AS replies,
  concat_ws(' ',
    (SELECT group_concat(n.note, ' ') FROM `ticket_notes` n WHERE n.ticket_id = t.id AND n.is_internal = 1),
    (SELECT group_concat(a.original_name, ' ') FROM `file_attachments` a WHERE a.ticket_id = t.id AND a.is_internal = 1)) AS internal,
  (SELECT group_concat(a.original_name, ' ') FROM `file_attachments` a WHERE a.ticket_id = t.id AND a.is_internal = 0) AS files
FROM `tickets` t;
--> statement-breakpoint
-- One statement over the tickets in id order: FTS5 writes its terms out in bounded batches as it goes.
INSERT INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text`;
--> statement-breakpoint
INSERT INTO `ticket_words`(`ticket_words`) VALUES ('optimize');
--> statement-breakpoint
-- A group commit's new tickets are indexed before its COMMIT (db/search-index.ts), notes and files included.
CREATE TRIGGER `ticket_words_ai` AFTER INSERT ON `tickets` WHEN NOT EXISTS (SELECT 1 FROM `search_index_deferred`) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_au` AFTER UPDATE OF ticket_id, first_name, last_name, email, description, company_name ON `tickets` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_ad` AFTER DELETE ON `tickets` BEGIN
  DELETE FROM `ticket_words` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_note_ai` AFTER INSERT ON `ticket_notes` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_note_au` AFTER UPDATE OF note, is_internal ON `ticket_notes` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_note_ad` AFTER DELETE ON `ticket_notes` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = old.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_file_ai` AFTER INSERT ON `file_attachments` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_file_au` AFTER UPDATE OF original_name, is_internal ON `file_attachments` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_file_ad` AFTER DELETE ON `file_attachments` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files) SELECT id, person, ticket, replies, internal, files FROM `ticket_search_text` WHERE id = old.ticket_id;
END;
