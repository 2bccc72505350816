DROP TABLE "chat_reads" CASCADE;--> statement-breakpoint
CREATE TABLE "chat_conversations" (
	"customer_user_id" text PRIMARY KEY NOT NULL,
	"last_message_id" bigint NOT NULL,
	"last_message_at" timestamp with time zone NOT NULL,
	"owner_unread" integer DEFAULT 0 NOT NULL,
	"customer_unread" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "chat_conversations_unread_check" CHECK (owner_unread >= 0 and customer_unread >= 0)
);
--> statement-breakpoint
ALTER TABLE "chat_conversations" ADD CONSTRAINT "chat_conversations_customer_user_id_users_id_fk" FOREIGN KEY ("customer_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_conversations_last_message_idx" ON "chat_conversations" USING btree ("last_message_at" DESC NULLS FIRST,"customer_user_id" DESC NULLS FIRST);--> statement-breakpoint
CREATE INDEX "chat_conversations_owner_unread_idx" ON "chat_conversations" USING btree ("owner_unread") WHERE owner_unread > 0;