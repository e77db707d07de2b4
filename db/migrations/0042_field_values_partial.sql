DROP INDEX `ticket_field_values_text_idx`;--> statement-breakpoint
DROP INDEX `ticket_field_values_number_idx`;--> statement-breakpoint
CREATE INDEX `ticket_field_values_text_idx` ON `ticket_field_values` (`field_id`,`value_text`,`ticket_id`) WHERE "ticket_field_values"."value_text" IS NOT NULL;--> statement-breakpoint
CREATE INDEX `ticket_field_values_number_idx` ON `ticket_field_values` (`field_id`,`value_number`,`ticket_id`) WHERE "ticket_field_values"."value_number" IS NOT NULL;