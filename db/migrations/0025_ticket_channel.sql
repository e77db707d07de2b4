ALTER TABLE `tickets` ADD `channel` text DEFAULT 'portal' NOT NULL;--> statement-breakpoint
-- hand-written
-- Tickets opened by an e-mail keep that e-mail's Message-ID without a note: they came by mail.
UPDATE `tickets` SET `channel` = 'email' WHERE `id` IN (SELECT `ticket_id` FROM `ticket_messages` WHERE `direction` = 'in' AND `note_id` IS NULL);
