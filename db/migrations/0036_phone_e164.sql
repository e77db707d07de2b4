DROP INDEX `tickets_phone_idx`;--> statement-breakpoint
ALTER TABLE `tickets` ADD `phone_e164` text;--> statement-breakpoint
CREATE INDEX `tickets_phone_e164_idx` ON `tickets` (`phone_e164`,`created_at`);--> statement-breakpoint
-- hand-written
-- Until now the only accepted form was the US XXX-XXX-XXXX, so every stored number is a US one.
UPDATE `tickets` SET `phone_e164` = '+1' || replace(`phone`, '-', '') WHERE `phone` GLOB '[0-9][0-9][0-9]-[0-9][0-9][0-9]-[0-9][0-9][0-9][0-9]';
