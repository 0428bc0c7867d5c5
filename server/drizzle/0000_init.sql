CREATE TABLE "alerts" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"user_id" uuid NOT NULL,
	"type" text NOT NULL,
	"message" text NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"read" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "alerts_type_check" CHECK ("alerts"."type" in ('order_placed', 'order_status', 'commission_status', 'product_approved', 'user_approved'))
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"product_id" uuid NOT NULL,
	"agent_id" uuid NOT NULL,
	"review_type" text NOT NULL,
	"amz_order_number" text NOT NULL,
	"buyer_pay_pal" text NOT NULL,
	"buyer_name" text NOT NULL,
	"order_screenshot" text DEFAULT '' NOT NULL,
	"refund_shot" text DEFAULT '' NOT NULL,
	"review_screen_shot" text DEFAULT '' NOT NULL,
	"feedback_screen_shot" text DEFAULT '' NOT NULL,
	"comments" text DEFAULT '' NOT NULL,
	"agent_status" text DEFAULT 'submitted' NOT NULL,
	"status" text DEFAULT '' NOT NULL,
	"comission_status" text DEFAULT 'unpaid' NOT NULL,
	"comission" numeric(12, 2) NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "orders_review_type_check" CHECK ("orders"."review_type" in ('text', 'picture', 'video', 'rating', 'no review')),
	CONSTRAINT "orders_agent_status_check" CHECK ("orders"."agent_status" in ('submitted', 'Ordered', 'Reviewed', 'Feedbacked', 'cancelled')),
	CONSTRAINT "orders_status_check" CHECK ("orders"."status" in ('', 'On-Hold', 'Refund Delayed', 'Review Deleted', 'Feedback Sent', 'Sent to Seller', 'Feedback Rfnd', 'Review Awaited', 'Refunded')),
	CONSTRAINT "orders_comission_status_check" CHECK ("orders"."comission_status" in ('unpaid', 'paid')),
	CONSTRAINT "orders_comission_check" CHECK ("orders"."comission" >= 0)
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"vendor_id" uuid NOT NULL,
	"name" text NOT NULL,
	"product_id" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"category" text NOT NULL,
	"product_category" text DEFAULT '' NOT NULL,
	"market_place" text DEFAULT 'US' NOT NULL,
	"product_link" text DEFAULT '' NOT NULL,
	"keyword" text DEFAULT '' NOT NULL,
	"brand_name" text DEFAULT '' NOT NULL,
	"amz_image" text DEFAULT '' NOT NULL,
	"image" text DEFAULT '' NOT NULL,
	"price" numeric(12, 2) NOT NULL,
	"comission" numeric(12, 2) NOT NULL,
	"comission_with_text_review" numeric(12, 2),
	"comission_with_picture_review" numeric(12, 2),
	"comission_with_video_review" numeric(12, 2),
	"review_types" text[] DEFAULT '{no review}'::text[] NOT NULL,
	"guidelines" text[] DEFAULT '{}'::text[] NOT NULL,
	"marketer_instructions" text[] DEFAULT '{}'::text[] NOT NULL,
	"commission_policies" text[] DEFAULT '{}'::text[] NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "products_status_check" CHECK ("products"."status" in ('pending', 'approved', 'archived')),
	CONSTRAINT "products_market_place_check" CHECK ("products"."market_place" in ('US', 'UK', 'DE', 'IT', 'ES', 'CA', 'AU')),
	CONSTRAINT "products_review_types_check" CHECK ("products"."review_types" <@ array['text', 'picture', 'video', 'rating', 'no review']::text[]),
	CONSTRAINT "products_money_check" CHECK ("products"."price" > 0 and "products"."comission" >= 0 and coalesce("products"."comission_with_text_review", 0) >= 0 and coalesce("products"."comission_with_picture_review", 0) >= 0 and coalesce("products"."comission_with_video_review", 0) >= 0)
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"key" text NOT NULL,
	"owner_id" uuid,
	"private" boolean DEFAULT false NOT NULL,
	"mime_type" text NOT NULL,
	"size_bytes" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"email" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"role" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"gender" text,
	"state" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"referral_name" text DEFAULT '' NOT NULL,
	"referral_contact" text DEFAULT '' NOT NULL,
	"referral_user_id" uuid,
	"cnic_front" text,
	"cnic_back" text,
	"token_version" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_role_check" CHECK ("users"."role" in ('admin', 'manager', 'agent')),
	CONSTRAINT "users_status_check" CHECK ("users"."status" in ('pending', 'approved')),
	CONSTRAINT "users_gender_check" CHECK ("users"."gender" in ('male', 'female'))
);
--> statement-breakpoint
ALTER TABLE "alerts" ADD CONSTRAINT "alerts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_agent_id_users_id_fk" FOREIGN KEY ("agent_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_vendor_id_users_id_fk" FOREIGN KEY ("vendor_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_owner_id_users_id_fk" FOREIGN KEY ("owner_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_referral_user_id_users_id_fk" FOREIGN KEY ("referral_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "alerts_user_id_created_at_idx" ON "alerts" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_amz_order_number_unique" ON "orders" USING btree ("amz_order_number");--> statement-breakpoint
CREATE INDEX "orders_agent_id_created_at_idx" ON "orders" USING btree ("agent_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_product_id_idx" ON "orders" USING btree ("product_id");--> statement-breakpoint
CREATE INDEX "orders_created_at_idx" ON "orders" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "orders_agent_status_idx" ON "orders" USING btree ("agent_status");--> statement-breakpoint
CREATE INDEX "orders_comission_status_idx" ON "orders" USING btree ("comission_status");--> statement-breakpoint
CREATE INDEX "products_status_created_at_idx" ON "products" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "products_vendor_id_created_at_idx" ON "products" USING btree ("vendor_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "uploads_key_unique" ON "uploads" USING btree ("key");--> statement-breakpoint
CREATE INDEX "uploads_owner_id_idx" ON "uploads" USING btree ("owner_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_unique" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_status_created_at_idx" ON "users" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "users_referral_user_id_idx" ON "users" USING btree ("referral_user_id");