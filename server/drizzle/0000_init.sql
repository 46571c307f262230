CREATE EXTENSION IF NOT EXISTS pg_trgm;
--> statement-breakpoint
CREATE TABLE "domains" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"url" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "hc_staff_links" (
	"staff_id" integer NOT NULL,
	"harvest_center_id" integer NOT NULL,
	CONSTRAINT "hc_staff_links_staff_id_harvest_center_id_pk" PRIMARY KEY("staff_id","harvest_center_id")
);
--> statement-breakpoint
CREATE TABLE "memberships" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "processing_labs" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "rhc_hc_links" (
	"rhc_id" integer NOT NULL,
	"harvest_center_id" integer NOT NULL,
	CONSTRAINT "rhc_hc_links_rhc_id_harvest_center_id_pk" PRIMARY KEY("rhc_id","harvest_center_id")
);
--> statement-breakpoint
CREATE TABLE "user_tag_links" (
	"user_id" integer NOT NULL,
	"tag_id" integer NOT NULL,
	CONSTRAINT "user_tag_links_user_id_tag_id_pk" PRIMARY KEY("user_id","tag_id")
);
--> statement-breakpoint
CREATE TABLE "user_tags" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"email" text NOT NULL,
	"username" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text DEFAULT '' NOT NULL,
	"last_name" text DEFAULT '' NOT NULL,
	"company" text DEFAULT '' NOT NULL,
	"phone_number" text DEFAULT '' NOT NULL,
	"address1" text DEFAULT '' NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"state_desc" text DEFAULT '' NOT NULL,
	"country_desc" text DEFAULT '' NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"template_id" text DEFAULT '' NOT NULL,
	"document_id" text DEFAULT '' NOT NULL,
	"membership_id" integer NOT NULL,
	"is_active" boolean DEFAULT true NOT NULL,
	"is_superuser" boolean DEFAULT false NOT NULL,
	"domain_id" integer,
	"saless_rep_id" integer,
	"sales_manager_id" integer,
	"sales_distributor_id" integer,
	"harvest_center_temporal_id" integer,
	"referral_harvest_center_temporal_id" integer,
	"processing_lab_id" integer,
	"lab_id" text DEFAULT '' NOT NULL,
	"auth_customer_profile_id" text DEFAULT '' NOT NULL,
	"auth_customer_payment_profile_id" text DEFAULT '' NOT NULL,
	"agreement_accepted_at" timestamp with time zone,
	"date_joined" timestamp with time zone DEFAULT now() NOT NULL,
	"last_login" timestamp with time zone,
	"number_times_qc_done" integer DEFAULT 0 NOT NULL,
	"date_adipose_shipped_to_lab" date,
	"date_adipose_received_by_lab" date,
	"estimated_date_vials_ready_to_ship" date,
	"estimated_date_set_manually" boolean DEFAULT false NOT NULL,
	"date_vials_ready_to_ship" date,
	"stemcell_plating_initiated_date" date,
	"stemcell_plating_successful" smallint,
	"hla_typing_test" smallint,
	"vials_preparation" integer DEFAULT 0 NOT NULL,
	"vials_ready_ship" integer DEFAULT 0 NOT NULL,
	"vials_available" integer DEFAULT 0 NOT NULL,
	"vials_shipped" integer DEFAULT 0 NOT NULL,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(first_name, '') || ' ' || coalesce(last_name, '') || ' ' || coalesce(email, '') || ' ' || coalesce(company, '') || ' ' || coalesce(phone_number, ''))) STORED
);
--> statement-breakpoint
CREATE TABLE "auth_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"kind" text DEFAULT 'login' NOT NULL,
	"parent_token_id" integer,
	"actor_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_used_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"revoked_at" timestamp with time zone,
	"ip" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	CONSTRAINT "auth_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "password_reset_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"user_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "password_reset_tokens_token_hash_unique" UNIQUE("token_hash")
);
--> statement-breakpoint
CREATE TABLE "audit_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"action" text NOT NULL,
	"actor_user_id" integer,
	"target_user_id" integer,
	"email" text DEFAULT '' NOT NULL,
	"ip" text DEFAULT '' NOT NULL,
	"detail" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mail_outbox" (
	"id" serial PRIMARY KEY NOT NULL,
	"to" text NOT NULL,
	"reply_to" text DEFAULT '' NOT NULL,
	"subject" text NOT NULL,
	"text" text NOT NULL,
	"html" text DEFAULT '' NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"next_attempt_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_error" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" integer PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"price_cents" integer NOT NULL,
	"shipping_fee_cents" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vial_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"type" text NOT NULL,
	"quantity" integer NOT NULL,
	"date" date NOT NULL,
	"note" text DEFAULT '' NOT NULL,
	"tracking_id" text DEFAULT '' NOT NULL,
	"created_by_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "vial_records_quantity_nonnegative" CHECK ("vial_records"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "hc_staff_links" ADD CONSTRAINT "hc_staff_links_staff_id_users_id_fk" FOREIGN KEY ("staff_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "hc_staff_links" ADD CONSTRAINT "hc_staff_links_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rhc_hc_links" ADD CONSTRAINT "rhc_hc_links_rhc_id_users_id_fk" FOREIGN KEY ("rhc_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rhc_hc_links" ADD CONSTRAINT "rhc_hc_links_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tag_links" ADD CONSTRAINT "user_tag_links_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_tag_links" ADD CONSTRAINT "user_tag_links_tag_id_user_tags_id_fk" FOREIGN KEY ("tag_id") REFERENCES "public"."user_tags"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_membership_id_memberships_id_fk" FOREIGN KEY ("membership_id") REFERENCES "public"."memberships"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_domain_id_domains_id_fk" FOREIGN KEY ("domain_id") REFERENCES "public"."domains"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_processing_lab_id_processing_labs_id_fk" FOREIGN KEY ("processing_lab_id") REFERENCES "public"."processing_labs"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_parent_token_id_auth_tokens_id_fk" FOREIGN KEY ("parent_token_id") REFERENCES "public"."auth_tokens"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_actor_user_id_users_id_fk" FOREIGN KEY ("actor_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "password_reset_tokens" ADD CONSTRAINT "password_reset_tokens_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vial_records" ADD CONSTRAINT "vial_records_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vial_records" ADD CONSTRAINT "vial_records_created_by_id_users_id_fk" FOREIGN KEY ("created_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "hc_staff_links_hc_idx" ON "hc_staff_links" USING btree ("harvest_center_id");--> statement-breakpoint
CREATE INDEX "rhc_hc_links_hc_idx" ON "rhc_hc_links" USING btree ("harvest_center_id");--> statement-breakpoint
CREATE INDEX "user_tag_links_tag_idx" ON "user_tag_links" USING btree ("tag_id");--> statement-breakpoint
CREATE UNIQUE INDEX "users_email_lower_key" ON "users" USING btree (lower("email"));--> statement-breakpoint
CREATE INDEX "users_membership_idx" ON "users" USING btree ("membership_id","is_active","id");--> statement-breakpoint
CREATE INDEX "users_sales_rep_idx" ON "users" USING btree ("saless_rep_id");--> statement-breakpoint
CREATE INDEX "users_sales_manager_idx" ON "users" USING btree ("sales_manager_id");--> statement-breakpoint
CREATE INDEX "users_sales_distributor_idx" ON "users" USING btree ("sales_distributor_id");--> statement-breakpoint
CREATE INDEX "users_harvest_center_idx" ON "users" USING btree ("harvest_center_temporal_id");--> statement-breakpoint
CREATE INDEX "users_referral_harvest_center_idx" ON "users" USING btree ("referral_harvest_center_temporal_id");--> statement-breakpoint
CREATE INDEX "users_processing_lab_idx" ON "users" USING btree ("processing_lab_id");--> statement-breakpoint
CREATE INDEX "users_search_trgm_idx" ON "users" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "auth_tokens_user_idx" ON "auth_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "auth_tokens_parent_idx" ON "auth_tokens" USING btree ("parent_token_id");--> statement-breakpoint
CREATE INDEX "password_reset_tokens_user_idx" ON "password_reset_tokens" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "audit_log_action_email_idx" ON "audit_log" USING btree ("action","email","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_action_ip_idx" ON "audit_log" USING btree ("action","ip","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_target_idx" ON "audit_log" USING btree ("target_user_id");--> statement-breakpoint
CREATE INDEX "mail_outbox_due_idx" ON "mail_outbox" USING btree ("status","next_attempt_at");--> statement-breakpoint
CREATE INDEX "vial_records_user_idx" ON "vial_records" USING btree ("user_id","date");