ALTER TABLE `agent_preferences` ADD `new_tickets_from` integer;--> statement-breakpoint
ALTER TABLE `agent_preferences` ADD `new_tickets_read` integer;--> statement-breakpoint
-- hand-written: agents who already hear of new tickets keep what their bell listed and read
UPDATE `agent_preferences` SET
  `new_tickets_from` = coalesce(
    (SELECT min(n.`created_at`) FROM `notifications` n WHERE n.`user_id` = `agent_preferences`.`user_id` AND n.`kind` = 'new_ticket'),
    CAST(unixepoch('subsec') * 1000 AS INTEGER)),
  `new_tickets_read` = (SELECT max(n.`created_at`) FROM `notifications` n
    WHERE n.`user_id` = `agent_preferences`.`user_id` AND n.`kind` = 'new_ticket' AND n.`read_at` IS NOT NULL)
WHERE json_extract(`notify`, '$.newTicket.app') = 1;--> statement-breakpoint
UPDATE `notifications` SET `in_app` = 0 WHERE `kind` = 'new_ticket';
