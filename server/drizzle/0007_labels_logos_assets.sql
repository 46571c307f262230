CREATE TABLE "asset_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"asset_id" integer NOT NULL,
	"type" smallint NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"path" text NOT NULL,
	"content_type" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "asset_items_type_check" CHECK ("asset_items"."type" IN (1, 2))
);
--> statement-breakpoint
CREATE TABLE "assets" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text NOT NULL,
	"membership_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"sections" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(name, '') || ' ' || coalesce(description, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "shipping_label_request_patients" (
	"request_id" integer NOT NULL,
	"patient_id" integer NOT NULL,
	CONSTRAINT "shipping_label_request_patients_request_id_patient_id_pk" PRIMARY KEY("request_id","patient_id")
);
--> statement-breakpoint
CREATE TABLE "shipping_label_requests" (
	"id" serial PRIMARY KEY NOT NULL,
	"center_id" integer NOT NULL,
	"transaction_id" integer,
	"requested_by_user_id" integer,
	"center_name" text DEFAULT '' NOT NULL,
	"center_email" text NOT NULL,
	"representative" text NOT NULL,
	"doctor_name" text DEFAULT '' NOT NULL,
	"doctor_email" text DEFAULT '' NOT NULL,
	"doctor_phone" text DEFAULT '' NOT NULL,
	"other_patient_name" text DEFAULT '' NOT NULL,
	"label_date" date NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state_desc" text NOT NULL,
	"country_desc" text NOT NULL,
	"zip_code" text NOT NULL,
	"tracking_number" text DEFAULT '' NOT NULL,
	"tracking_link" text DEFAULT '' NOT NULL,
	"label_key" text,
	"label_sha256" text,
	"notification_sent" boolean DEFAULT false NOT NULL,
	"notification_sent_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(center_name, '') || ' ' || coalesce(center_email, '') || ' ' || coalesce(representative, '') || ' ' || coalesce(doctor_name, '') || ' ' || coalesce(doctor_email, '') || ' ' || coalesce(other_patient_name, '') || ' ' || coalesce(tracking_number, '') || ' ' || coalesce(city, ''))) STORED,
	CONSTRAINT "shipping_label_requests_sent_has_label" CHECK (NOT "shipping_label_requests"."notification_sent" OR "shipping_label_requests"."label_key" IS NOT NULL)
);
--> statement-breakpoint
ALTER TABLE "center_accounts" ADD COLUMN "logo_key" text;--> statement-breakpoint
ALTER TABLE "asset_items" ADD CONSTRAINT "asset_items_asset_id_assets_id_fk" FOREIGN KEY ("asset_id") REFERENCES "public"."assets"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_label_request_patients" ADD CONSTRAINT "shipping_label_request_patients_request_id_shipping_label_requests_id_fk" FOREIGN KEY ("request_id") REFERENCES "public"."shipping_label_requests"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_label_request_patients" ADD CONSTRAINT "shipping_label_request_patients_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_label_requests" ADD CONSTRAINT "shipping_label_requests_center_id_users_id_fk" FOREIGN KEY ("center_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_label_requests" ADD CONSTRAINT "shipping_label_requests_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shipping_label_requests" ADD CONSTRAINT "shipping_label_requests_requested_by_user_id_users_id_fk" FOREIGN KEY ("requested_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "asset_items_asset_idx" ON "asset_items" USING btree ("asset_id","id");--> statement-breakpoint
CREATE INDEX "asset_items_path_idx" ON "asset_items" USING btree ("path");--> statement-breakpoint
CREATE INDEX "assets_membership_ids_idx" ON "assets" USING gin ("membership_ids");--> statement-breakpoint
CREATE INDEX "assets_sections_idx" ON "assets" USING gin ("sections");--> statement-breakpoint
CREATE INDEX "assets_search_trgm_idx" ON "assets" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "assets_created_idx" ON "assets" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipping_label_request_patients_patient_idx" ON "shipping_label_request_patients" USING btree ("patient_id");--> statement-breakpoint
CREATE INDEX "shipping_label_requests_created_idx" ON "shipping_label_requests" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "shipping_label_requests_center_idx" ON "shipping_label_requests" USING btree ("center_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_label_requests_transaction_idx" ON "shipping_label_requests" USING btree ("transaction_id") WHERE "shipping_label_requests"."transaction_id" IS NOT NULL;--> statement-breakpoint
CREATE UNIQUE INDEX "shipping_label_requests_label_key_idx" ON "shipping_label_requests" USING btree ("label_key") WHERE "shipping_label_requests"."label_key" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "shipping_label_requests_search_trgm_idx" ON "shipping_label_requests" USING gin ("search_text" gin_trgm_ops);