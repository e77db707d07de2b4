CREATE TABLE `automation_runs` (
	`id` integer PRIMARY KEY NOT NULL,
	`rule_id` integer NOT NULL,
	`ticket_id` text,
	`at` integer NOT NULL,
	`actions` text NOT NULL,
	`error` text
);
--> statement-breakpoint
CREATE INDEX `automation_runs_rule_idx` ON `automation_runs` (`rule_id`,`id`);
--> statement-breakpoint
-- hand-written: the runs recorded so far in the audit log, one row each, oldest first
INSERT INTO `automation_runs` (`rule_id`, `ticket_id`, `at`, `actions`, `error`)
  SELECT CAST(`entity_id` AS INTEGER), json_extract(`new_value`, '$.ticketId'), `created_at`,
    coalesce(json_extract(`new_value`, '$.actions'), '[]'), json_extract(`new_value`, '$.error')
  FROM `audit_logs`
  WHERE `entity_type` = 'automation_rule' AND `action` IN ('automation_fired', 'automation_failed')
  ORDER BY `id`;
