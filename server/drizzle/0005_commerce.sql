CREATE SEQUENCE "public"."transaction_invoice_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "checkout_attempts" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"idempotency_key" text NOT NULL,
	"request_sha256" text NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"coupon_id" integer,
	"transaction_id" integer,
	"http_status" integer,
	"response" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"code" text NOT NULL,
	"max_use_number" integer DEFAULT 0 NOT NULL,
	"used_number" integer DEFAULT 0 NOT NULL,
	"discount_amount_cents" integer NOT NULL,
	"product_ids" integer[] DEFAULT '{}'::integer[] NOT NULL,
	"harvest_center_id" integer,
	"status" boolean DEFAULT true NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupons_discount_positive" CHECK ("coupons"."discount_amount_cents" > 0),
	CONSTRAINT "coupons_max_use_nonnegative" CHECK ("coupons"."max_use_number" >= 0),
	CONSTRAINT "coupons_uses_within_max" CHECK ("coupons"."max_use_number" = 0 OR "coupons"."used_number" <= "coupons"."max_use_number")
);
--> statement-breakpoint
CREATE TABLE "locations" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"location_name" text DEFAULT '' NOT NULL,
	"address1" text NOT NULL,
	"address2" text DEFAULT '' NOT NULL,
	"city" text NOT NULL,
	"state_desc" text NOT NULL,
	"country_desc" text NOT NULL,
	"zip_code" text DEFAULT '' NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"gateway" text NOT NULL,
	"customer_profile_id" text NOT NULL,
	"payment_profile_id" text NOT NULL,
	"card_type" text NOT NULL,
	"card_last4" text NOT NULL,
	"card_holder" text NOT NULL,
	"expiration_date" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_profiles_last4" CHECK ("payment_profiles"."card_last4" ~ '^[0-9]{4}$')
);
--> statement-breakpoint
CREATE TABLE "transactions" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" bigint DEFAULT nextval('transaction_invoice_seq') NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"buyer_user_id" integer,
	"hc_staff_id" integer,
	"harvest_center_id" integer,
	"referral_harvest_center_id" integer,
	"patient_id" integer,
	"sales_rep_id" integer,
	"sales_manager_id" integer,
	"sales_distributor_id" integer,
	"product_id" integer NOT NULL,
	"product_name" text NOT NULL,
	"order_description" text DEFAULT '' NOT NULL,
	"quantity" integer NOT NULL,
	"unit_price_cents" integer NOT NULL,
	"shipping_fee_cents" integer DEFAULT 0 NOT NULL,
	"harvest_fee_cents" integer DEFAULT 0 NOT NULL,
	"discount_cents" integer DEFAULT 0 NOT NULL,
	"amount_cents" integer NOT NULL,
	"coupon_id" integer,
	"coupon_code_used" text DEFAULT '' NOT NULL,
	"commission_paid" boolean DEFAULT false NOT NULL,
	"shipping_date" date,
	"hc_email" text DEFAULT '' NOT NULL,
	"billing_email" text DEFAULT '' NOT NULL,
	"phone" text DEFAULT '' NOT NULL,
	"billing_address" jsonb,
	"shipping_address" jsonb,
	"gateway" text DEFAULT '' NOT NULL,
	"gateway_transaction_id" text DEFAULT '' NOT NULL,
	"card_type" text DEFAULT '' NOT NULL,
	"card_last4" text DEFAULT '' NOT NULL,
	CONSTRAINT "transactions_invoice_id_unique" UNIQUE("invoice_id"),
	CONSTRAINT "transactions_quantity_positive" CHECK ("transactions"."quantity" > 0),
	CONSTRAINT "transactions_amount_nonnegative" CHECK ("transactions"."amount_cents" >= 0)
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_charges" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"invoice_number" text NOT NULL,
	"card_type" text NOT NULL,
	"card_last4" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"voided_at" timestamp with time zone,
	CONSTRAINT "sandbox_gateway_charges_transaction_id_unique" UNIQUE("transaction_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_payment_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"customer_profile_id" text NOT NULL,
	"payment_profile_id" text NOT NULL,
	"card_type" text NOT NULL,
	"card_last4" text NOT NULL,
	"expiration_date" text NOT NULL,
	"outcome" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "sandbox_gateway_payment_profiles_payment_profile_id_unique" UNIQUE("payment_profile_id")
);
--> statement-breakpoint
CREATE TABLE "sandbox_gateway_tokens" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_sha256" text NOT NULL,
	"card_type" text NOT NULL,
	"card_last4" text NOT NULL,
	"card_holder" text NOT NULL,
	"expiration_date" text NOT NULL,
	"outcome" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	CONSTRAINT "sandbox_gateway_tokens_token_sha256_unique" UNIQUE("token_sha256")
);
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD COLUMN "attachments" jsonb DEFAULT '[]'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "checkout_attempts" ADD CONSTRAINT "checkout_attempts_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupons" ADD CONSTRAINT "coupons_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "locations" ADD CONSTRAINT "locations_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_buyer_user_id_users_id_fk" FOREIGN KEY ("buyer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_hc_staff_id_users_id_fk" FOREIGN KEY ("hc_staff_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_referral_harvest_center_id_users_id_fk" FOREIGN KEY ("referral_harvest_center_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sales_rep_id_users_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sales_manager_id_users_id_fk" FOREIGN KEY ("sales_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_sales_distributor_id_users_id_fk" FOREIGN KEY ("sales_distributor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transactions" ADD CONSTRAINT "transactions_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "checkout_attempts_key_idx" ON "checkout_attempts" USING btree ("user_id","idempotency_key");--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_idx" ON "coupons" USING btree (lower("code"));--> statement-breakpoint
CREATE INDEX "locations_user_idx" ON "locations" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "locations_one_default_idx" ON "locations" USING btree ("user_id") WHERE "locations"."is_default";--> statement-breakpoint
CREATE INDEX "payment_profiles_user_idx" ON "payment_profiles" USING btree ("user_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_profiles_gateway_id_idx" ON "payment_profiles" USING btree ("gateway","payment_profile_id");--> statement-breakpoint
CREATE INDEX "transactions_created_idx" ON "transactions" USING btree ("created_at","id");--> statement-breakpoint
CREATE INDEX "transactions_hc_idx" ON "transactions" USING btree ("harvest_center_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_rhc_idx" ON "transactions" USING btree ("referral_harvest_center_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_patient_idx" ON "transactions" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_buyer_idx" ON "transactions" USING btree ("buyer_user_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_sales_rep_idx" ON "transactions" USING btree ("sales_rep_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_sales_manager_idx" ON "transactions" USING btree ("sales_manager_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_sales_distributor_idx" ON "transactions" USING btree ("sales_distributor_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_product_idx" ON "transactions" USING btree ("product_id","created_at");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_profiles_customer_idx" ON "sandbox_gateway_payment_profiles" USING btree ("customer_profile_id");--> statement-breakpoint
CREATE INDEX "sandbox_gateway_tokens_expires_idx" ON "sandbox_gateway_tokens" USING btree ("expires_at");