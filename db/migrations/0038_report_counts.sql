CREATE TABLE `report_created` (
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
);
--> statement-breakpoint
CREATE TABLE `report_hours` (
	`hour` integer PRIMARY KEY NOT NULL,
	`created` integer DEFAULT 0 NOT NULL,
	`burnt` integer DEFAULT 0 NOT NULL,
	`resolved` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE `report_resolved` (
	`hour` integer NOT NULL,
	`department` text NOT NULL,
	`ticket_type` text NOT NULL,
	`priority` text NOT NULL,
	`company_name` text NOT NULL,
	`channel` text NOT NULL,
	`agent` text NOT NULL,
	`n` integer NOT NULL,
	PRIMARY KEY(`hour`, `department`, `ticket_type`, `priority`, `company_name`, `channel`, `agent`)
);
--> statement-breakpoint
-- hand-written
INSERT INTO report_created (hour, department, ticket_type, priority, company_name, channel, agent, n, burnt) SELECT created_at / 3600000, department, ticket_type, priority, company_name, channel, coalesce(assigned_to, ''), count(*), sum(status = 'burnt') FROM tickets GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
INSERT INTO report_resolved (hour, department, ticket_type, priority, company_name, channel, agent, n) SELECT completed_at / 3600000, department, ticket_type, priority, company_name, channel, coalesce(assigned_to, ''), count(*) FROM tickets WHERE completed_at IS NOT NULL GROUP BY 1, 2, 3, 4, 5, 6, 7;
--> statement-breakpoint
INSERT INTO report_hours (hour, created, burnt) SELECT created_at / 3600000, count(*), sum(status = 'burnt') FROM tickets GROUP BY 1;
--> statement-breakpoint
INSERT INTO report_hours (hour, resolved) SELECT completed_at / 3600000, count(*) FROM tickets WHERE completed_at IS NOT NULL GROUP BY 1 ON CONFLICT DO UPDATE SET resolved = excluded.resolved;
--> statement-breakpoint
CREATE TRIGGER report_counts_ai AFTER INSERT ON tickets BEGIN
  INSERT INTO report_created (hour, department, ticket_type, priority, company_name, channel, agent, n, burnt)
    SELECT NEW.created_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1, NEW.status = 'burnt' WHERE true
    ON CONFLICT DO UPDATE SET n = n + 1, burnt = burnt + excluded.burnt;
  INSERT INTO report_resolved (hour, department, ticket_type, priority, company_name, channel, agent, n)
    SELECT NEW.completed_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO report_hours (hour, created, burnt)
    SELECT NEW.created_at / 3600000, 1, NEW.status = 'burnt' WHERE true
    ON CONFLICT DO UPDATE SET created = created + 1, burnt = burnt + excluded.burnt;
  INSERT INTO report_hours (hour, resolved)
    SELECT NEW.completed_at / 3600000, 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET resolved = resolved + 1;
END;
--> statement-breakpoint
CREATE TRIGGER report_counts_ad AFTER DELETE ON tickets BEGIN
  UPDATE report_created SET n = n - 1, burnt = burnt - (OLD.status = 'burnt')
    WHERE hour = OLD.created_at / 3600000 AND department = OLD.department AND ticket_type = OLD.ticket_type AND priority = OLD.priority AND company_name = OLD.company_name AND channel = OLD.channel AND agent = coalesce(OLD.assigned_to, '');
  UPDATE report_resolved SET n = n - 1
    WHERE OLD.completed_at IS NOT NULL AND hour = OLD.completed_at / 3600000 AND department = OLD.department AND ticket_type = OLD.ticket_type AND priority = OLD.priority AND company_name = OLD.company_name AND channel = OLD.channel AND agent = coalesce(OLD.assigned_to, '');
  UPDATE report_hours SET created = created - 1, burnt = burnt - (OLD.status = 'burnt')
    WHERE hour = OLD.created_at / 3600000;
  UPDATE report_hours SET resolved = resolved - 1
    WHERE OLD.completed_at IS NOT NULL AND hour = OLD.completed_at / 3600000;
END;
--> statement-breakpoint
CREATE TRIGGER report_created_au AFTER UPDATE OF created_at, status, department, ticket_type, priority, company_name, channel, assigned_to ON tickets
  WHEN (OLD.status = 'burnt') IS NOT (NEW.status = 'burnt') OR OLD.created_at IS NOT NEW.created_at OR OLD.department IS NOT NEW.department OR OLD.ticket_type IS NOT NEW.ticket_type OR OLD.priority IS NOT NEW.priority OR OLD.company_name IS NOT NEW.company_name OR OLD.channel IS NOT NEW.channel OR OLD.assigned_to IS NOT NEW.assigned_to
BEGIN
  UPDATE report_created SET n = n - 1, burnt = burnt - (OLD.status = 'burnt')
    WHERE hour = OLD.created_at / 3600000 AND department = OLD.department AND ticket_type = OLD.ticket_type AND priority = OLD.priority AND company_name = OLD.company_name AND channel = OLD.channel AND agent = coalesce(OLD.assigned_to, '');
  INSERT INTO report_created (hour, department, ticket_type, priority, company_name, channel, agent, n, burnt)
    SELECT NEW.created_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1, NEW.status = 'burnt' WHERE true
    ON CONFLICT DO UPDATE SET n = n + 1, burnt = burnt + excluded.burnt;
  UPDATE report_hours SET created = created - 1, burnt = burnt - (OLD.status = 'burnt')
    WHERE hour = OLD.created_at / 3600000;
  INSERT INTO report_hours (hour, created, burnt)
    SELECT NEW.created_at / 3600000, 1, NEW.status = 'burnt' WHERE true
    ON CONFLICT DO UPDATE SET created = created + 1, burnt = burnt + excluded.burnt;
END;
--> statement-breakpoint
CREATE TRIGGER report_resolved_au AFTER UPDATE OF completed_at, department, ticket_type, priority, company_name, channel, assigned_to ON tickets
  WHEN OLD.completed_at IS NOT NEW.completed_at OR OLD.department IS NOT NEW.department OR OLD.ticket_type IS NOT NEW.ticket_type OR OLD.priority IS NOT NEW.priority OR OLD.company_name IS NOT NEW.company_name OR OLD.channel IS NOT NEW.channel OR OLD.assigned_to IS NOT NEW.assigned_to
BEGIN
  UPDATE report_resolved SET n = n - 1
    WHERE OLD.completed_at IS NOT NULL AND hour = OLD.completed_at / 3600000 AND department = OLD.department AND ticket_type = OLD.ticket_type AND priority = OLD.priority AND company_name = OLD.company_name AND channel = OLD.channel AND agent = coalesce(OLD.assigned_to, '');
  INSERT INTO report_resolved (hour, department, ticket_type, priority, company_name, channel, agent, n)
    SELECT NEW.completed_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  UPDATE report_hours SET resolved = resolved - 1
    WHERE OLD.completed_at IS NOT NULL AND hour = OLD.completed_at / 3600000;
  INSERT INTO report_hours (hour, resolved)
    SELECT NEW.completed_at / 3600000, 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET resolved = resolved + 1;
END;
