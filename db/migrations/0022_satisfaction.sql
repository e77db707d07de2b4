CREATE TABLE `ticket_ratings` (
	`ticket_id` integer PRIMARY KEY NOT NULL,
	`rating` text NOT NULL,
	`comment` text,
	`created_at` integer NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`ticket_id`) REFERENCES `tickets`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `ticket_ratings_time_idx` ON `ticket_ratings` (`created_at`);--> statement-breakpoint
-- hand-written: a rating is reported to webhooks in the transaction that stores it, like every ticket event
CREATE TRIGGER `webhook_rating_events_ai` AFTER INSERT ON `ticket_ratings` BEGIN
  INSERT INTO `webhook_deliveries` (`webhook_id`, `event_id`, `event`, `ticket_id`, `payload`, `next_attempt_at`, `occurred_at`)
    SELECT w.id, lower(hex(randomblob(16))), 'ticket.rated', new.ticket_id,
      json_object('ticket', json(v.ticket), 'rating', json_object('rating', new.rating, 'comment', new.comment,
        'ratedAt', strftime('%Y-%m-%dT%H:%M:%fZ', new.updated_at / 1000.0, 'unixepoch'))),
      new.updated_at, new.updated_at
    FROM `webhooks` w JOIN `webhook_ticket_json` v ON v.id = new.ticket_id
    WHERE w.active = 1 AND instr(',' || w.events || ',', ',ticket.rated,') > 0;
END;
--> statement-breakpoint
CREATE TRIGGER `webhook_rating_events_au` AFTER UPDATE ON `ticket_ratings` BEGIN
  INSERT INTO `webhook_deliveries` (`webhook_id`, `event_id`, `event`, `ticket_id`, `payload`, `next_attempt_at`, `occurred_at`)
    SELECT w.id, lower(hex(randomblob(16))), 'ticket.rated', new.ticket_id,
      json_object('ticket', json(v.ticket), 'rating', json_object('rating', new.rating, 'comment', new.comment,
        'ratedAt', strftime('%Y-%m-%dT%H:%M:%fZ', new.updated_at / 1000.0, 'unixepoch'))),
      new.updated_at, new.updated_at
    FROM `webhooks` w JOIN `webhook_ticket_json` v ON v.id = new.ticket_id
    WHERE w.active = 1 AND instr(',' || w.events || ',', ',ticket.rated,') > 0;
END;
