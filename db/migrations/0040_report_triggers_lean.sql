-- hand-written
-- The report triggers split by what changed, so each write runs only the statements that move a count.
DROP TRIGGER report_counts_ai;
--> statement-breakpoint
DROP TRIGGER report_created_au;
--> statement-breakpoint
DROP TRIGGER report_resolved_au;
--> statement-breakpoint
CREATE TRIGGER report_counts_ai AFTER INSERT ON tickets BEGIN
  INSERT INTO report_created (hour, department, ticket_type, priority, company_name, channel, agent, n, burnt)
    SELECT NEW.created_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1, NEW.status = 'burnt' WHERE true
    ON CONFLICT DO UPDATE SET n = n + 1, burnt = burnt + excluded.burnt;
  INSERT INTO report_hours (hour, created, burnt)
    SELECT NEW.created_at / 3600000, 1, NEW.status = 'burnt' WHERE true
    ON CONFLICT DO UPDATE SET created = created + 1, burnt = burnt + excluded.burnt;
END;
--> statement-breakpoint
CREATE TRIGGER report_counts_ai_completed AFTER INSERT ON tickets WHEN NEW.completed_at IS NOT NULL BEGIN
  INSERT INTO report_resolved (hour, department, ticket_type, priority, company_name, channel, agent, n)
    SELECT NEW.completed_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO report_hours (hour, resolved)
    SELECT NEW.completed_at / 3600000, 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET resolved = resolved + 1;
END;
--> statement-breakpoint
CREATE TRIGGER report_created_au AFTER UPDATE OF created_at, department, ticket_type, priority, company_name, channel, assigned_to ON tickets
  WHEN OLD.created_at IS NOT NEW.created_at OR OLD.department IS NOT NEW.department OR OLD.ticket_type IS NOT NEW.ticket_type OR OLD.priority IS NOT NEW.priority OR OLD.company_name IS NOT NEW.company_name OR OLD.channel IS NOT NEW.channel OR OLD.assigned_to IS NOT NEW.assigned_to
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
CREATE TRIGGER report_burnt_au AFTER UPDATE OF status ON tickets
  WHEN (OLD.status = 'burnt') IS NOT (NEW.status = 'burnt') AND OLD.created_at IS NEW.created_at AND OLD.department IS NEW.department AND OLD.ticket_type IS NEW.ticket_type AND OLD.priority IS NEW.priority AND OLD.company_name IS NEW.company_name AND OLD.channel IS NEW.channel AND OLD.assigned_to IS NEW.assigned_to
BEGIN
  UPDATE report_created SET burnt = burnt + (NEW.status = 'burnt') - (OLD.status = 'burnt')
    WHERE hour = NEW.created_at / 3600000 AND department = NEW.department AND ticket_type = NEW.ticket_type AND priority = NEW.priority AND company_name = NEW.company_name AND channel = NEW.channel AND agent = coalesce(NEW.assigned_to, '');
  UPDATE report_hours SET burnt = burnt + (NEW.status = 'burnt') - (OLD.status = 'burnt') WHERE hour = NEW.created_at / 3600000;
END;
--> statement-breakpoint
CREATE TRIGGER report_resolved_dims_au AFTER UPDATE OF department, ticket_type, priority, company_name, channel, assigned_to ON tickets
  WHEN (OLD.completed_at IS NOT NULL OR NEW.completed_at IS NOT NULL) AND (OLD.department IS NOT NEW.department OR OLD.ticket_type IS NOT NEW.ticket_type OR OLD.priority IS NOT NEW.priority OR OLD.company_name IS NOT NEW.company_name OR OLD.channel IS NOT NEW.channel OR OLD.assigned_to IS NOT NEW.assigned_to)
BEGIN
  UPDATE report_resolved SET n = n - 1
    WHERE OLD.completed_at IS NOT NULL AND hour = OLD.completed_at / 3600000 AND department = OLD.department AND ticket_type = OLD.ticket_type AND priority = OLD.priority AND company_name = OLD.company_name AND channel = OLD.channel AND agent = coalesce(OLD.assigned_to, '');
  INSERT INTO report_resolved (hour, department, ticket_type, priority, company_name, channel, agent, n)
    SELECT NEW.completed_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  UPDATE report_hours SET resolved = resolved - 1
    WHERE OLD.completed_at IS NOT NULL AND OLD.completed_at IS NOT NEW.completed_at AND hour = OLD.completed_at / 3600000;
  INSERT INTO report_hours (hour, resolved)
    SELECT NEW.completed_at / 3600000, 1 WHERE NEW.completed_at IS NOT NULL AND OLD.completed_at IS NOT NEW.completed_at
    ON CONFLICT DO UPDATE SET resolved = resolved + 1;
END;
--> statement-breakpoint
CREATE TRIGGER report_resolved_set_au AFTER UPDATE OF completed_at ON tickets
  WHEN OLD.completed_at IS NULL AND NEW.completed_at IS NOT NULL AND OLD.department IS NEW.department AND OLD.ticket_type IS NEW.ticket_type AND OLD.priority IS NEW.priority AND OLD.company_name IS NEW.company_name AND OLD.channel IS NEW.channel AND OLD.assigned_to IS NEW.assigned_to
BEGIN
  INSERT INTO report_resolved (hour, department, ticket_type, priority, company_name, channel, agent, n)
    SELECT NEW.completed_at / 3600000, NEW.department, NEW.ticket_type, NEW.priority, NEW.company_name, NEW.channel, coalesce(NEW.assigned_to, ''), 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET n = n + 1;
  INSERT INTO report_hours (hour, resolved)
    SELECT NEW.completed_at / 3600000, 1 WHERE NEW.completed_at IS NOT NULL
    ON CONFLICT DO UPDATE SET resolved = resolved + 1;
END;
--> statement-breakpoint
CREATE TRIGGER report_resolved_cleared_au AFTER UPDATE OF completed_at ON tickets
  WHEN OLD.completed_at IS NOT NULL AND NEW.completed_at IS NULL AND OLD.department IS NEW.department AND OLD.ticket_type IS NEW.ticket_type AND OLD.priority IS NEW.priority AND OLD.company_name IS NEW.company_name AND OLD.channel IS NEW.channel AND OLD.assigned_to IS NEW.assigned_to
BEGIN
  UPDATE report_resolved SET n = n - 1
    WHERE OLD.completed_at IS NOT NULL AND hour = OLD.completed_at / 3600000 AND department = OLD.department AND ticket_type = OLD.ticket_type AND priority = OLD.priority AND company_name = OLD.company_name AND channel = OLD.channel AND agent = coalesce(OLD.assigned_to, '');
  UPDATE report_hours SET resolved = resolved - 1
    WHERE OLD.completed_at IS NOT NULL AND hour = OLD.completed_at / 3600000;
END;
--> statement-breakpoint
CREATE TRIGGER report_resolved_moved_au AFTER UPDATE OF completed_at ON tickets
  WHEN OLD.completed_at IS NOT NULL AND NEW.completed_at IS NOT NULL AND OLD.completed_at IS NOT NEW.completed_at AND OLD.department IS NEW.department AND OLD.ticket_type IS NEW.ticket_type AND OLD.priority IS NEW.priority AND OLD.company_name IS NEW.company_name AND OLD.channel IS NEW.channel AND OLD.assigned_to IS NEW.assigned_to
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
