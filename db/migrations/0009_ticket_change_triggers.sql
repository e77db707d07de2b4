-- The change log live clients follow, written inside every ticket, note and file write's own
-- transaction (whichever process or tool writes), and pruned to its last 10,000 rows as it grows.
CREATE TRIGGER `ticket_changes_ai` AFTER INSERT ON `tickets` BEGIN
  INSERT INTO `ticket_changes` (`ticket_id`, `kind`, `department`, `company_name`, `assigned_to`, `at`)
    VALUES (new.id, 'created', new.department, new.company_name, new.assigned_to, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  DELETE FROM `ticket_changes` WHERE `id` <= (SELECT max(`id`) FROM `ticket_changes`) - 10000;
END;
--> statement-breakpoint
-- A write that did not bump the version itself (a rename of a list item, a tool) gets it bumped here,
-- so a stale If-Match is always refused; the nested update does not fire this trigger again.
CREATE TRIGGER `ticket_changes_au` AFTER UPDATE ON `tickets` BEGIN
  INSERT INTO `ticket_changes` (`ticket_id`, `kind`, `fields`, `department`, `company_name`, `assigned_to`, `old_department`, `old_company_name`, `old_assigned_to`, `at`)
    VALUES (new.id, 'changed', substr(CASE WHEN old.status IS NOT new.status THEN ',status' ELSE '' END || CASE WHEN old.priority IS NOT new.priority THEN ',priority' ELSE '' END || CASE WHEN old.assigned_to IS NOT new.assigned_to THEN ',assignedTo' ELSE '' END || CASE WHEN old.department IS NOT new.department THEN ',department' ELSE '' END || CASE WHEN old.company_name IS NOT new.company_name THEN ',companyName' ELSE '' END || CASE WHEN old.company_id IS NOT new.company_id THEN ',companyId' ELSE '' END || CASE WHEN old.ticket_type IS NOT new.ticket_type THEN ',ticketType' ELSE '' END || CASE WHEN old.description IS NOT new.description THEN ',description' ELSE '' END || CASE WHEN old.first_name IS NOT new.first_name THEN ',firstName' ELSE '' END || CASE WHEN old.last_name IS NOT new.last_name THEN ',lastName' ELSE '' END || CASE WHEN old.email IS NOT new.email THEN ',email' ELSE '' END || CASE WHEN old.phone IS NOT new.phone THEN ',phone' ELSE '' END || CASE WHEN old.location IS NOT new.location THEN ',location' ELSE '' END || CASE WHEN old.processed_at IS NOT new.processed_at THEN ',processedAt' ELSE '' END || CASE WHEN old.completed_at IS NOT new.completed_at THEN ',completedAt' ELSE '' END, 2), new.department, new.company_name, new.assigned_to, old.department, old.company_name, old.assigned_to, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  UPDATE `tickets` SET `version` = old.version + 1 WHERE `id` = new.id AND new.version = old.version;
  DELETE FROM `ticket_changes` WHERE `id` <= (SELECT max(`id`) FROM `ticket_changes`) - 10000;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_changes_ad` AFTER DELETE ON `tickets` BEGIN
  INSERT INTO `ticket_changes` (`ticket_id`, `kind`, `department`, `company_name`, `assigned_to`, `at`)
    VALUES (old.id, 'deleted', old.department, old.company_name, old.assigned_to, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER));
  DELETE FROM `ticket_changes` WHERE `id` <= (SELECT max(`id`) FROM `ticket_changes`) - 10000;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_changes_note_ai` AFTER INSERT ON `ticket_notes` BEGIN
  INSERT INTO `ticket_changes` (`ticket_id`, `kind`, `department`, `company_name`, `assigned_to`, `at`)
    SELECT t.id, 'note', t.department, t.company_name, t.assigned_to, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `tickets` t WHERE t.id = new.ticket_id;
  DELETE FROM `ticket_changes` WHERE `id` <= (SELECT max(`id`) FROM `ticket_changes`) - 10000;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_changes_file_ai` AFTER INSERT ON `file_attachments` BEGIN
  INSERT INTO `ticket_changes` (`ticket_id`, `kind`, `department`, `company_name`, `assigned_to`, `at`)
    SELECT t.id, 'file', t.department, t.company_name, t.assigned_to, CAST((julianday('now') - 2440587.5) * 86400000 AS INTEGER) FROM `tickets` t WHERE t.id = new.ticket_id;
  DELETE FROM `ticket_changes` WHERE `id` <= (SELECT max(`id`) FROM `ticket_changes`) - 10000;
END;
