-- The staff search's filters as words of the same index, so a filtered search is one FTS5 query counted
-- without reading a ticket: a private-use character no typed word holds, a letter, the value's UTF-8 in hex
-- (s status, p priority, d department, y type, c company, a assignee or a0 for none, m the UTC month created).
-- Each pair, triple and all four of s, p, d and y are also one word (their hex values joined by "g"):
-- a list filtered by several of them then reads one short list of tickets, not several long ones.
DROP TRIGGER `ticket_words_ai`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_au`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_ad`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_note_ai`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_note_au`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_note_ad`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_file_ai`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_file_au`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_file_ad`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_field_ai`;
--> statement-breakpoint
DROP TRIGGER `ticket_words_field_ad`;
--> statement-breakpoint
DROP VIEW `ticket_search_text`;
--> statement-breakpoint
DROP TABLE `ticket_words`;
--> statement-breakpoint
CREATE VIRTUAL TABLE `ticket_words` USING fts5(person, ticket, replies, internal, files, facets, content='', contentless_delete=1, tokenize='unicode61 remove_diacritics 2', prefix='3');
--> statement-breakpoint
CREATE VIEW `ticket_search_text` AS SELECT t.id,
  t.first_name || ' ' || t.last_name || ' ' || t.email AS person,
  concat_ws(' ', t.ticket_id, t.company_name, t.description,
    (SELECT group_concat(v.value_text, ' ') FROM `ticket_field_values` v JOIN `custom_fields` f ON f.id = v.field_id
      WHERE v.ticket_id = t.id AND f.kind IN ('text', 'long_text') AND f.visibility = 'public')) AS ticket,
  (SELECT group_concat(n.note, ' ') FROM `ticket_notes` n WHERE n.ticket_id = t.id AND n.is_internal = 0) AS replies,
  concat_ws(' ',
    (SELECT group_concat(n.note, ' ') FROM `ticket_notes` n WHERE n.ticket_id = t.id AND n.is_internal = 1),
    (SELECT group_concat(a.original_name, ' ') FROM `file_attachments` a WHERE a.ticket_id = t.id AND a.is_internal = 1),
    (SELECT group_concat(v.value_text, ' ') FROM `ticket_field_values` v JOIN `custom_fields` f ON f.id = v.field_id
      WHERE v.ticket_id = t.id AND f.kind IN ('text', 'long_text') AND f.visibility = 'staff')) AS internal,
  (SELECT group_concat(a.original_name, ' ') FROM `file_attachments` a WHERE a.ticket_id = t.id AND a.is_internal = 0) AS files,
  concat_ws(' ' || char(57344), '', 's' || hex(t.status), 'p' || hex(t.priority), 'd' || hex(t.department),
    'y' || hex(t.ticket_type), 'c' || hex(t.company_name), 'a' || iif(t.assigned_to IS NULL, '0', hex(t.assigned_to)),
    'm' || strftime('%Y%m', t.created_at / 1000, 'unixepoch'),
    'sp' || hex(t.status) || 'g' || hex(t.priority),
    'sd' || hex(t.status) || 'g' || hex(t.department),
    'pd' || hex(t.priority) || 'g' || hex(t.department),
    'spd' || hex(t.status) || 'g' || hex(t.priority) || 'g' || hex(t.department),
    'sy' || hex(t.status) || 'g' || hex(t.ticket_type),
    'py' || hex(t.priority) || 'g' || hex(t.ticket_type),
    'spy' || hex(t.status) || 'g' || hex(t.priority) || 'g' || hex(t.ticket_type),
    'dy' || hex(t.department) || 'g' || hex(t.ticket_type),
    'sdy' || hex(t.status) || 'g' || hex(t.department) || 'g' || hex(t.ticket_type),
    'pdy' || hex(t.priority) || 'g' || hex(t.department) || 'g' || hex(t.ticket_type),
    'spdy' || hex(t.status) || 'g' || hex(t.priority) || 'g' || hex(t.department) || 'g' || hex(t.ticket_type)) AS facets
FROM `tickets` t;
--> statement-breakpoint
-- One statement over the tickets in id order: FTS5 writes its terms out in bounded batches as it goes.
INSERT INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text`;
--> statement-breakpoint
INSERT INTO `ticket_words`(`ticket_words`) VALUES ('optimize');
--> statement-breakpoint
-- Tickets a group commit changed, re-indexed once before its COMMIT.
CREATE TABLE `search_words_stale` (`id` INTEGER PRIMARY KEY);
--> statement-breakpoint
CREATE TRIGGER `ticket_words_ai` AFTER INSERT ON `tickets` WHEN NOT EXISTS (SELECT 1 FROM `search_index_deferred`) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = new.id;
END;
--> statement-breakpoint
-- A change of a filtered column re-indexes the ticket like a change of its text; a group commit's
-- edits are noted and indexed once before its COMMIT (db/search-index.ts).
CREATE TRIGGER `ticket_words_au` AFTER UPDATE OF ticket_id, first_name, last_name, email, description, company_name, status, priority, department, ticket_type, assigned_to, created_at ON `tickets` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.id) AND NOT EXISTS (SELECT 1 FROM `search_index_deferred`) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_au_deferred` AFTER UPDATE OF ticket_id, first_name, last_name, email, description, company_name, status, priority, department, ticket_type, assigned_to, created_at ON `tickets` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.id) AND EXISTS (SELECT 1 FROM `search_index_deferred`) BEGIN
  INSERT OR IGNORE INTO `search_words_stale`(id) VALUES (new.id);
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_ad` AFTER DELETE ON `tickets` BEGIN
  DELETE FROM `ticket_words` WHERE rowid = old.id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_note_ai` AFTER INSERT ON `ticket_notes` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_note_au` AFTER UPDATE OF note, is_internal ON `ticket_notes` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_note_ad` AFTER DELETE ON `ticket_notes` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = old.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_file_ai` AFTER INSERT ON `file_attachments` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_file_au` AFTER UPDATE OF original_name, is_internal ON `file_attachments` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = new.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = new.ticket_id;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_words_file_ad` AFTER DELETE ON `file_attachments` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.ticket_id) BEGIN
  INSERT OR REPLACE INTO `ticket_words`(rowid, person, ticket, replies, internal, files, facets) SELECT id, person, ticket, replies, internal, files, facets FROM `ticket_search_text` WHERE id = old.ticket_id;
END;
--> statement-breakpoint
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
