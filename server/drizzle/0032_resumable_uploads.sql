-- Uploads that resume (tus 1.0 at /api/uploads/resumable; docs/domain.md, Images, Uploads that
-- resume): the bytes received so far, in the database every API process shares, whichever image
-- store keeps the finished image. offset = octet_length(bytes) while unfinished; a PATCH appends
-- with a conditional UPDATE on that offset (uploads/resumable.ts), so two cannot interleave.
-- upload_key: the finished upload's key in "uploads" (bytes emptied then); null: unfinished.
CREATE TABLE "resumable_uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"owner_id" uuid NOT NULL,
	"length" integer NOT NULL,
	"bytes" bytea DEFAULT ''::bytea NOT NULL,
	"filename" text,
	"file_type" text,
	"upload_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "resumable_uploads_length_check" CHECK ("resumable_uploads"."length" > 0 and octet_length("resumable_uploads"."bytes") <= "resumable_uploads"."length")
);
--> statement-breakpoint
ALTER TABLE "resumable_uploads" ADD CONSTRAINT "resumable_uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "resumable_uploads_owner_id_idx" ON "resumable_uploads" USING btree ("owner_id");
--> statement-breakpoint
-- what the clean-up of partial uploads older than a day looks at
CREATE INDEX "resumable_uploads_created_at_idx" ON "resumable_uploads" USING btree ("created_at");
