CREATE INDEX `audit_logs_entity_id_idx` ON `audit_logs` (`entity_type`,`entity_id`,`created_at`);--> statement-breakpoint
-- hand-written
-- An existing install gets the built-in "Waiting on requester" status last in its list; a new one is seeded with it.
INSERT INTO `ticket_statuses` (`name`, `label`, `color`, `bg_color`, `text_color`, `position`, `is_active`, `is_system`, `created_at`, `updated_at`)
SELECT 'waiting_on_requester', 'Waiting on requester', 'purple', 'bg-purple-100', 'text-purple-800', `p` + 1, 1, 1, strftime('%s', 'now') * 1000, strftime('%s', 'now') * 1000
FROM (SELECT coalesce(max(`position`), 0) AS `p`, count(*) AS `n` FROM `ticket_statuses`) WHERE `n` > 0
ON CONFLICT(`name`) DO NOTHING;
