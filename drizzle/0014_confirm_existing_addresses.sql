-- Addresses are confirmed before a customer chats or sends photos. Accounts made before that rule
-- have been reached at their address all along (bills, replies, resets): they count as confirmed.
UPDATE "users" SET "email_verified" = true WHERE "email_verified" = false;
