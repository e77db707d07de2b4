DROP INDEX `tickets_status_resolution_due_idx`;--> statement-breakpoint
DROP INDEX `tickets_status_resolution_soon_idx`;--> statement-breakpoint
DROP INDEX `tickets_resolution_due_idx`;--> statement-breakpoint
DROP INDEX `tickets_status_first_response_due_idx`;--> statement-breakpoint
DROP INDEX `tickets_status_first_response_soon_idx`;--> statement-breakpoint
ALTER TABLE `tickets` ADD `next_due_at` integer GENERATED ALWAYS AS (CASE
        WHEN status = 'open' AND first_responded_at IS NULL AND first_response_due_at IS NOT NULL
          THEN min(first_response_due_at, coalesce(resolution_due_at, first_response_due_at))
        WHEN status IN ('open', 'in_progress') THEN resolution_due_at
      END) VIRTUAL;--> statement-breakpoint
CREATE INDEX `tickets_next_due_idx` ON `tickets` (`next_due_at`);