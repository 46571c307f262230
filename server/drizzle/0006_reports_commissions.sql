CREATE TABLE "commission_rates" (
	"id" serial PRIMARY KEY NOT NULL,
	"product_id" integer NOT NULL,
	"level" text NOT NULL,
	"rate_basis_points" integer NOT NULL,
	"effective_from" timestamp with time zone DEFAULT now() NOT NULL,
	"created_by_user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "commission_rates_level" CHECK ("commission_rates"."level" IN ('rep', 'manager', 'distributor')),
	CONSTRAINT "commission_rates_range" CHECK ("commission_rates"."rate_basis_points" >= 0 AND "commission_rates"."rate_basis_points" <= 10000)
);
--> statement-breakpoint
CREATE TABLE "transaction_counts" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "transaction_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"transaction_id" integer NOT NULL,
	"author_user_id" integer,
	"note" text NOT NULL,
	"changes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "rep_commission_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "manager_commission_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "distributor_commission_cents" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "rep_commission_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "manager_commission_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "transactions" ADD COLUMN "distributor_commission_paid_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "commission_rates" ADD CONSTRAINT "commission_rates_created_by_user_id_users_id_fk" FOREIGN KEY ("created_by_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_notes" ADD CONSTRAINT "transaction_notes_transaction_id_transactions_id_fk" FOREIGN KEY ("transaction_id") REFERENCES "public"."transactions"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "transaction_notes" ADD CONSTRAINT "transaction_notes_author_user_id_users_id_fk" FOREIGN KEY ("author_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "commission_rates_lookup_idx" ON "commission_rates" USING btree ("product_id","level","effective_from");--> statement-breakpoint
CREATE INDEX "transaction_notes_transaction_idx" ON "transaction_notes" USING btree ("transaction_id","created_at");--> statement-breakpoint
CREATE INDEX "transactions_coupon_code_idx" ON "transactions" USING btree (lower("coupon_code_used")) WHERE "transactions"."coupon_code_used" <> '';--> statement-breakpoint
-- Hand-written (drizzle-kit has no triggers): the transaction total kept per statement, so a bulk
-- insert updates it once.
INSERT INTO "transaction_counts" ("id", "total") SELECT 1, count(*) FROM "transactions";--> statement-breakpoint
CREATE FUNCTION "transaction_counts_on_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transaction_counts" SET "total" = "total" + (SELECT count(*) FROM "inserted_rows") WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE FUNCTION "transaction_counts_on_delete"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE "transaction_counts" SET "total" = "total" - (SELECT count(*) FROM "deleted_rows") WHERE "id" = 1;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_count_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS "inserted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_counts_on_insert"();--> statement-breakpoint
CREATE TRIGGER "transactions_count_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS "deleted_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_counts_on_delete"();--> statement-breakpoint
-- Paid before shares existed: every share of a paid transaction counts as paid.
UPDATE "transactions" SET "rep_commission_paid_at" = "created_at", "manager_commission_paid_at" = "created_at", "distributor_commission_paid_at" = "created_at" WHERE "commission_paid";
