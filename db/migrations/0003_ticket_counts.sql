-- Counts behind the Ticket Overview, the breakdowns and list totals.
CREATE TABLE `ticket_assignee_counts` (
	`assigned_to` text NOT NULL,
	`status` text NOT NULL,
	`ticket_type` text NOT NULL,
	`priority` text NOT NULL,
	`department` text NOT NULL,
	`company_name` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`)
);
--> statement-breakpoint
CREATE TABLE `ticket_counts` (
	`status` text NOT NULL,
	`ticket_type` text NOT NULL,
	`priority` text NOT NULL,
	`department` text NOT NULL,
	`company_name` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `ticket_type`, `priority`, `department`, `company_name`)
);
--> statement-breakpoint
-- Exact counts kept by triggers inside every ticket write's own transaction: the dashboard's counts
-- sum these tables instead of scanning tickets (see db/schema/tickets.ts).
INSERT INTO `ticket_counts` (`status`, `ticket_type`, `priority`, `department`, `company_name`, `n`) SELECT `status`, `ticket_type`, `priority`, `department`, `company_name`, count(*) FROM `tickets` GROUP BY 1, 2, 3, 4, 5;
--> statement-breakpoint
INSERT INTO `ticket_assignee_counts` (`assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`, `n`)
  SELECT `assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`, count(*) FROM `tickets` WHERE `assigned_to` IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6;
--> statement-breakpoint
CREATE TRIGGER `ticket_counts_ai` AFTER INSERT ON `tickets` BEGIN
  INSERT INTO `ticket_counts` (`status`, `ticket_type`, `priority`, `department`, `company_name`, `n`)
    SELECT new.status, new.ticket_type, new.priority, new.department, new.company_name, 1 WHERE true
    ON CONFLICT (`status`, `ticket_type`, `priority`, `department`, `company_name`) DO UPDATE SET `n` = `n` + 1;
  INSERT INTO `ticket_assignee_counts` (`assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`, `n`)
    SELECT new.assigned_to, new.status, new.ticket_type, new.priority, new.department, new.company_name, 1 WHERE new.assigned_to IS NOT NULL
    ON CONFLICT (`assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_counts_ad` AFTER DELETE ON `tickets` BEGIN
  UPDATE `ticket_counts` SET `n` = `n` - 1
    WHERE `status` = old.status AND `ticket_type` = old.ticket_type AND `priority` = old.priority AND `department` = old.department AND `company_name` = old.company_name;
  UPDATE `ticket_assignee_counts` SET `n` = `n` - 1
    WHERE `assigned_to` = old.assigned_to AND `status` = old.status AND `ticket_type` = old.ticket_type AND `priority` = old.priority AND `department` = old.department AND `company_name` = old.company_name;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_counts_au` AFTER UPDATE OF `status`, `ticket_type`, `priority`, `department`, `company_name` ON `tickets`
  WHEN old.status IS NOT new.status OR old.ticket_type IS NOT new.ticket_type OR old.priority IS NOT new.priority OR old.department IS NOT new.department OR old.company_name IS NOT new.company_name
BEGIN
  UPDATE `ticket_counts` SET `n` = `n` - 1
    WHERE `status` = old.status AND `ticket_type` = old.ticket_type AND `priority` = old.priority AND `department` = old.department AND `company_name` = old.company_name;
  INSERT INTO `ticket_counts` (`status`, `ticket_type`, `priority`, `department`, `company_name`, `n`)
    SELECT new.status, new.ticket_type, new.priority, new.department, new.company_name, 1 WHERE true
    ON CONFLICT (`status`, `ticket_type`, `priority`, `department`, `company_name`) DO UPDATE SET `n` = `n` + 1;
END;
--> statement-breakpoint
CREATE TRIGGER `ticket_assignee_counts_au` AFTER UPDATE OF `assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name` ON `tickets`
  WHEN old.assigned_to IS NOT new.assigned_to OR old.status IS NOT new.status OR old.ticket_type IS NOT new.ticket_type OR old.priority IS NOT new.priority OR old.department IS NOT new.department OR old.company_name IS NOT new.company_name
BEGIN
  UPDATE `ticket_assignee_counts` SET `n` = `n` - 1
    WHERE `assigned_to` = old.assigned_to AND `status` = old.status AND `ticket_type` = old.ticket_type AND `priority` = old.priority AND `department` = old.department AND `company_name` = old.company_name;
  INSERT INTO `ticket_assignee_counts` (`assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`, `n`)
    SELECT new.assigned_to, new.status, new.ticket_type, new.priority, new.department, new.company_name, 1 WHERE new.assigned_to IS NOT NULL
    ON CONFLICT (`assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`) DO UPDATE SET `n` = `n` + 1;
END;
