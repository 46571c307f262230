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
	"dimension" text NOT NULL,
	"key" integer NOT NULL,
	"total" bigint DEFAULT 0 NOT NULL,
	CONSTRAINT "transaction_counts_dimension_key_pk" PRIMARY KEY("dimension","key")
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
-- Hand-written (drizzle-kit has no triggers): the totals of transaction_counts kept per statement,
-- so a checkout, a bulk load, an edit that moves a sale or an account deleted (its ids set null)
-- each updates them once. Rows are touched in key order so that concurrent statements never wait
-- on each other in a cycle.
-- The counted keys of one transaction, from its ids in this order (a transition table's rows are
-- plain records, so the ids are passed one by one).
CREATE FUNCTION "transaction_count_keys"(
  "product" integer, "rep" integer, "manager" integer, "distributor" integer,
  "center" integer, "referral_center" integer, "patient" integer
) RETURNS TABLE("dimension" text, "key" integer) LANGUAGE sql IMMUTABLE AS $$
  SELECT d.dimension, d.key FROM (VALUES
    ('all', 0),
    ('product', product),
    ('sales_rep', rep),
    ('sales_manager', manager),
    ('sales_distributor', distributor),
    ('harvest_center', center),
    ('referral_harvest_center', referral_center),
    ('patient', patient)
  ) AS d(dimension, key) WHERE d.key IS NOT NULL
$$;--> statement-breakpoint
CREATE FUNCTION "transaction_counts_apply"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Each branch names only the transition tables its event has.
  IF TG_OP = 'INSERT' THEN
    INSERT INTO "transaction_counts" ("dimension", "key", "total")
      SELECT k.dimension, k.key, count(*) FROM "new_rows" AS r, "transaction_count_keys"(r.product_id, r.sales_rep_id, r.sales_manager_id, r.sales_distributor_id, r.harvest_center_id, r.referral_harvest_center_id, r.patient_id) AS k
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("dimension", "key") DO UPDATE SET "total" = "transaction_counts"."total" + excluded."total";
  ELSIF TG_OP = 'DELETE' THEN
    INSERT INTO "transaction_counts" ("dimension", "key", "total")
      SELECT k.dimension, k.key, -count(*) FROM "old_rows" AS r, "transaction_count_keys"(r.product_id, r.sales_rep_id, r.sales_manager_id, r.sales_distributor_id, r.harvest_center_id, r.referral_harvest_center_id, r.patient_id) AS k
      GROUP BY 1, 2 ORDER BY 1, 2
      ON CONFLICT ("dimension", "key") DO UPDATE SET "total" = "transaction_counts"."total" + excluded."total";
  ELSE
    -- Most updates (a commission paid, a note) move no sale: only the rows whose counted ids changed count.
    INSERT INTO "transaction_counts" ("dimension", "key", "total")
      SELECT k.dimension, k.key, sum(k.change) FROM "old_rows" AS o JOIN "new_rows" AS n ON n.id = o.id,
      LATERAL (
        SELECT dimension, key, -1 AS change FROM "transaction_count_keys"(o.product_id, o.sales_rep_id, o.sales_manager_id, o.sales_distributor_id, o.harvest_center_id, o.referral_harvest_center_id, o.patient_id)
        UNION ALL
        SELECT dimension, key, 1 FROM "transaction_count_keys"(n.product_id, n.sales_rep_id, n.sales_manager_id, n.sales_distributor_id, n.harvest_center_id, n.referral_harvest_center_id, n.patient_id)
      ) AS k
      WHERE (o.product_id, o.sales_rep_id, o.sales_manager_id, o.sales_distributor_id, o.harvest_center_id,
             o.referral_harvest_center_id, o.patient_id)
        IS DISTINCT FROM (n.product_id, n.sales_rep_id, n.sales_manager_id, n.sales_distributor_id,
             n.harvest_center_id, n.referral_harvest_center_id, n.patient_id)
      GROUP BY 1, 2 HAVING sum(k.change) <> 0 ORDER BY 1, 2
      ON CONFLICT ("dimension", "key") DO UPDATE SET "total" = "transaction_counts"."total" + excluded."total";
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "transactions_count_insert" AFTER INSERT ON "transactions" REFERENCING NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "transactions_count_delete" AFTER DELETE ON "transactions" REFERENCING OLD TABLE AS "old_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_counts_apply"();--> statement-breakpoint
CREATE TRIGGER "transactions_count_update" AFTER UPDATE ON "transactions" REFERENCING OLD TABLE AS "old_rows" NEW TABLE AS "new_rows" FOR EACH STATEMENT EXECUTE FUNCTION "transaction_counts_apply"();--> statement-breakpoint
-- Counted afresh from the rows (also after a load with triggers off: bulk-transactions.ts).
-- One grouping per column (each can read its own index), the same keys as transaction_count_keys.
CREATE FUNCTION "transaction_counts_rebuild"() RETURNS void LANGUAGE sql AS $$
  DELETE FROM "transaction_counts";
  INSERT INTO "transaction_counts" ("dimension", "key", "total")
    SELECT 'all', 0, count(*) FROM "transactions"
    UNION ALL
    SELECT 'product', "product_id", count(*) FROM "transactions" WHERE "product_id" IS NOT NULL GROUP BY 2
    UNION ALL
    SELECT 'sales_rep', "sales_rep_id", count(*) FROM "transactions" WHERE "sales_rep_id" IS NOT NULL GROUP BY 2
    UNION ALL
    SELECT 'sales_manager', "sales_manager_id", count(*) FROM "transactions" WHERE "sales_manager_id" IS NOT NULL GROUP BY 2
    UNION ALL
    SELECT 'sales_distributor', "sales_distributor_id", count(*) FROM "transactions" WHERE "sales_distributor_id" IS NOT NULL GROUP BY 2
    UNION ALL
    SELECT 'harvest_center', "harvest_center_id", count(*) FROM "transactions" WHERE "harvest_center_id" IS NOT NULL GROUP BY 2
    UNION ALL
    SELECT 'referral_harvest_center', "referral_harvest_center_id", count(*) FROM "transactions" WHERE "referral_harvest_center_id" IS NOT NULL GROUP BY 2
    UNION ALL
    SELECT 'patient', "patient_id", count(*) FROM "transactions" WHERE "patient_id" IS NOT NULL GROUP BY 2;
$$;--> statement-breakpoint
SELECT "transaction_counts_rebuild"();--> statement-breakpoint
-- Paid before shares existed: every share of a paid transaction counts as paid.
UPDATE "transactions" SET "rep_commission_paid_at" = "created_at", "manager_commission_paid_at" = "created_at", "distributor_commission_paid_at" = "created_at" WHERE "commission_paid";
