-- Admin search (spec §2: ticketId, names, email, description, company) as an FTS5 trigram
-- index, so substring search stays an index lookup at a million tickets instead of a LIKE scan.
CREATE VIRTUAL TABLE `tickets_fts` USING fts5(ticket_id, first_name, last_name, email, description, company_name, content='tickets', content_rowid='id', tokenize='trigram');
--> statement-breakpoint
INSERT INTO `tickets_fts`(rowid, ticket_id, first_name, last_name, email, description, company_name) SELECT id, ticket_id, first_name, last_name, email, description, company_name FROM `tickets`;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_ai` AFTER INSERT ON `tickets` BEGIN
  INSERT INTO `tickets_fts`(rowid, ticket_id, first_name, last_name, email, description, company_name) VALUES (new.id, new.ticket_id, new.first_name, new.last_name, new.email, new.description, new.company_name);
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_ad` AFTER DELETE ON `tickets` BEGIN
  INSERT INTO `tickets_fts`(`tickets_fts`, rowid, ticket_id, first_name, last_name, email, description, company_name) VALUES ('delete', old.id, old.ticket_id, old.first_name, old.last_name, old.email, old.description, old.company_name);
END;
--> statement-breakpoint
CREATE TRIGGER `tickets_fts_au` AFTER UPDATE OF ticket_id, first_name, last_name, email, description, company_name ON `tickets` BEGIN
  INSERT INTO `tickets_fts`(`tickets_fts`, rowid, ticket_id, first_name, last_name, email, description, company_name) VALUES ('delete', old.id, old.ticket_id, old.first_name, old.last_name, old.email, old.description, old.company_name);
  INSERT INTO `tickets_fts`(rowid, ticket_id, first_name, last_name, email, description, company_name) VALUES (new.id, new.ticket_id, new.first_name, new.last_name, new.email, new.description, new.company_name);
END;
