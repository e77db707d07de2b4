-- A group commit indexes its new tickets for search in one statement before its COMMIT. FTS5 writes
-- its pending terms to disk at every statement savepoint, so indexing ticket by ticket wrote a segment
-- per ticket (~70 µs each) where one per batch does. The flag row exists only inside such a batch's
-- transaction (it is deleted before COMMIT), so every other write still indexes at once.
CREATE TABLE `search_index_deferred` (`on` INTEGER PRIMARY KEY CHECK (`on` = 1));
--> statement-breakpoint
CREATE TABLE `search_index_pending` (`id` INTEGER PRIMARY KEY);
--> statement-breakpoint
DROP TRIGGER `tickets_fts_ai`;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_ai` AFTER INSERT ON `tickets` WHEN NOT EXISTS (SELECT 1 FROM `search_index_deferred`) BEGIN
  INSERT INTO `tickets_fts`(rowid, ticket_id, first_name, last_name, email, description, company_name) VALUES (new.id, new.ticket_id, new.first_name, new.last_name, new.email, new.description, new.company_name);
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_ai_deferred` AFTER INSERT ON `tickets` WHEN EXISTS (SELECT 1 FROM `search_index_deferred`) BEGIN
  INSERT INTO `search_index_pending`(id) VALUES (new.id);
END;
--> statement-breakpoint
-- A ticket still waiting for the index is indexed as it is at the end of the batch: a change or a
-- delete before then must not remove terms the index never had.
DROP TRIGGER `tickets_fts_ad`;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_ad` AFTER DELETE ON `tickets` BEGIN
  INSERT INTO `tickets_fts`(`tickets_fts`, rowid, ticket_id, first_name, last_name, email, description, company_name) SELECT 'delete', old.id, old.ticket_id, old.first_name, old.last_name, old.email, old.description, old.company_name WHERE NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.id);
  DELETE FROM `search_index_pending` WHERE id = old.id;
END;
--> statement-breakpoint
DROP TRIGGER `tickets_fts_au`;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_au` AFTER UPDATE OF ticket_id, first_name, last_name, email, description, company_name ON `tickets` WHEN NOT EXISTS (SELECT 1 FROM `search_index_pending` WHERE id = old.id) BEGIN
  INSERT INTO `tickets_fts`(`tickets_fts`, rowid, ticket_id, first_name, last_name, email, description, company_name) VALUES ('delete', old.id, old.ticket_id, old.first_name, old.last_name, old.email, old.description, old.company_name);
  INSERT INTO `tickets_fts`(rowid, ticket_id, first_name, last_name, email, description, company_name) VALUES (new.id, new.ticket_id, new.first_name, new.last_name, new.email, new.description, new.company_name);
END;
