-- hand-written: the count tables kept WITHOUT ROWID, so a row sits in its key's tree: a trigger's
-- upsert writes one tree instead of a table and its key index, and a sum reads rows without a lookup
CREATE TABLE `__new_ticket_counts` (
	`status` text NOT NULL,
	`ticket_type` text NOT NULL,
	`priority` text NOT NULL,
	`department` text NOT NULL,
	`company_name` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`status`, `ticket_type`, `priority`, `department`, `company_name`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_ticket_counts` (status, ticket_type, priority, department, company_name, n) SELECT status, ticket_type, priority, department, company_name, n FROM `ticket_counts` ORDER BY status, ticket_type, priority, department, company_name;
--> statement-breakpoint
DROP TABLE `ticket_counts`;
--> statement-breakpoint
CREATE TABLE `__new_ticket_assignee_counts` (
	`assigned_to` text NOT NULL,
	`status` text NOT NULL,
	`ticket_type` text NOT NULL,
	`priority` text NOT NULL,
	`department` text NOT NULL,
	`company_name` text NOT NULL,
	`n` integer DEFAULT 0 NOT NULL,
	PRIMARY KEY(`assigned_to`, `status`, `ticket_type`, `priority`, `department`, `company_name`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_ticket_assignee_counts` (assigned_to, status, ticket_type, priority, department, company_name, n) SELECT assigned_to, status, ticket_type, priority, department, company_name, n FROM `ticket_assignee_counts` ORDER BY assigned_to, status, ticket_type, priority, department, company_name;
--> statement-breakpoint
DROP TABLE `ticket_assignee_counts`;
--> statement-breakpoint
CREATE TABLE `__new_report_created` (
	`hour` integer NOT NULL,
	`department` text NOT NULL,
	`ticket_type` text NOT NULL,
	`priority` text NOT NULL,
	`company_name` text NOT NULL,
	`channel` text NOT NULL,
	`agent` text NOT NULL,
	`n` integer NOT NULL,
	`burnt` integer NOT NULL,
	PRIMARY KEY(`hour`, `department`, `ticket_type`, `priority`, `company_name`, `channel`, `agent`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_report_created` (hour, department, ticket_type, priority, company_name, channel, agent, n, burnt) SELECT hour, department, ticket_type, priority, company_name, channel, agent, n, burnt FROM `report_created` ORDER BY hour, department, ticket_type, priority, company_name, channel, agent;
--> statement-breakpoint
DROP TABLE `report_created`;
--> statement-breakpoint
CREATE TABLE `__new_report_resolved` (
	`hour` integer NOT NULL,
	`department` text NOT NULL,
	`ticket_type` text NOT NULL,
	`priority` text NOT NULL,
	`company_name` text NOT NULL,
	`channel` text NOT NULL,
	`agent` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`hour`, `department`, `ticket_type`, `priority`, `company_name`, `channel`, `agent`)
) WITHOUT ROWID;
--> statement-breakpoint
INSERT INTO `__new_report_resolved` (hour, department, ticket_type, priority, company_name, channel, agent, n) SELECT hour, department, ticket_type, priority, company_name, channel, agent, n FROM `report_resolved` ORDER BY hour, department, ticket_type, priority, company_name, channel, agent;
--> statement-breakpoint
DROP TABLE `report_resolved`;
--> statement-breakpoint
-- the triggers on tickets name the tables: the renames must leave them as they are
PRAGMA legacy_alter_table = ON;
--> statement-breakpoint
ALTER TABLE `__new_ticket_counts` RENAME TO `ticket_counts`;
--> statement-breakpoint
ALTER TABLE `__new_ticket_assignee_counts` RENAME TO `ticket_assignee_counts`;
--> statement-breakpoint
ALTER TABLE `__new_report_created` RENAME TO `report_created`;
--> statement-breakpoint
ALTER TABLE `__new_report_resolved` RENAME TO `report_resolved`;
--> statement-breakpoint
PRAGMA legacy_alter_table = OFF;
