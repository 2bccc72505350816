ALTER TABLE "email_outbox" ALTER COLUMN "text_body" DROP NOT NULL;--> statement-breakpoint
-- Sent mail keeps who, what and when; what it said (reset links, invite codes) was for the recipient.
UPDATE "email_outbox" SET "text_body" = NULL, "html_body" = NULL WHERE "status" = 'sent';--> statement-breakpoint
-- Sessions keep the SHA-256 of their cookie's token: signed-in people stay signed in, and the
-- stored value no longer makes a cookie.
UPDATE "sessions" SET "token" = encode(sha256(convert_to("token", 'UTF8')), 'hex');
