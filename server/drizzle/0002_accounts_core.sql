CREATE TABLE "center_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"sales_rep_id" integer,
	"processing_lab_id" integer,
	CONSTRAINT "center_accounts_membership_check" CHECK ("center_accounts"."membership_id" IN (4, 5))
);
--> statement-breakpoint
CREATE TABLE "lab_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"processing_lab_id" integer,
	CONSTRAINT "lab_accounts_membership_check" CHECK ("lab_accounts"."membership_id" IN (1, 11))
);
--> statement-breakpoint
CREATE TABLE "patient_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"membership_id" integer DEFAULT 2 NOT NULL,
	"harvest_center_id" integer,
	"referral_harvest_center_id" integer,
	"sales_rep_id" integer,
	"processing_lab_id" integer,
	"lab_sample_id" text DEFAULT '' NOT NULL,
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
	CONSTRAINT "patient_accounts_membership_check" CHECK ("patient_accounts"."membership_id" IN (2)),
	CONSTRAINT "patient_accounts_counts_check" CHECK ("patient_accounts"."number_times_qc_done" >= 0 AND "patient_accounts"."vials_preparation" >= 0 AND "patient_accounts"."vials_ready_ship" >= 0 AND "patient_accounts"."vials_available" >= 0 AND "patient_accounts"."vials_shipped" >= 0),
	CONSTRAINT "patient_accounts_yes_no_check" CHECK (coalesce("patient_accounts"."stemcell_plating_successful", 1) IN (1, 2) AND coalesce("patient_accounts"."hla_typing_test", 1) IN (1, 2))
);
--> statement-breakpoint
CREATE TABLE "sales_accounts" (
	"user_id" integer PRIMARY KEY NOT NULL,
	"membership_id" integer NOT NULL,
	"sales_manager_id" integer,
	"sales_distributor_id" integer,
	CONSTRAINT "sales_accounts_membership_check" CHECK ("sales_accounts"."membership_id" IN (3, 6)),
	CONSTRAINT "sales_accounts_chain_check" CHECK (("sales_accounts"."membership_id" = 3 AND "sales_accounts"."sales_distributor_id" IS NULL) OR ("sales_accounts"."membership_id" = 6 AND "sales_accounts"."sales_manager_id" IS NULL))
);
--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_id_membership_key" UNIQUE("id","membership_id");
--> statement-breakpoint
-- Move each role's data out of users into its own table (no row lost, no total changed). A link
-- that points at an account that no longer exists (the old columns had no foreign key) is cleared.
INSERT INTO "patient_accounts" (
  "user_id", "membership_id", "harvest_center_id", "referral_harvest_center_id", "sales_rep_id",
  "processing_lab_id", "lab_sample_id", "number_times_qc_done", "date_adipose_shipped_to_lab",
  "date_adipose_received_by_lab", "estimated_date_vials_ready_to_ship", "estimated_date_set_manually",
  "date_vials_ready_to_ship", "stemcell_plating_initiated_date", "stemcell_plating_successful",
  "hla_typing_test", "vials_preparation", "vials_ready_ship", "vials_available", "vials_shipped")
SELECT u."id", u."membership_id",
  (SELECT h."id" FROM "users" h WHERE h."id" = u."harvest_center_temporal_id"),
  (SELECT r."id" FROM "users" r WHERE r."id" = u."referral_harvest_center_temporal_id"),
  (SELECT s."id" FROM "users" s WHERE s."id" = u."saless_rep_id"),
  u."processing_lab_id", u."lab_id", u."number_times_qc_done", u."date_adipose_shipped_to_lab",
  u."date_adipose_received_by_lab", u."estimated_date_vials_ready_to_ship", u."estimated_date_set_manually",
  u."date_vials_ready_to_ship", u."stemcell_plating_initiated_date",
  CASE WHEN u."stemcell_plating_successful" IN (1, 2) THEN u."stemcell_plating_successful" END,
  CASE WHEN u."hla_typing_test" IN (1, 2) THEN u."hla_typing_test" END,
  u."vials_preparation", u."vials_ready_ship", u."vials_available", u."vials_shipped"
FROM "users" u WHERE u."membership_id" = 2;
--> statement-breakpoint
INSERT INTO "center_accounts" ("user_id", "membership_id", "sales_rep_id", "processing_lab_id")
SELECT u."id", u."membership_id", (SELECT s."id" FROM "users" s WHERE s."id" = u."saless_rep_id"),
  CASE WHEN u."membership_id" = 4 THEN u."processing_lab_id" END
FROM "users" u WHERE u."membership_id" IN (4, 5);
--> statement-breakpoint
INSERT INTO "sales_accounts" ("user_id", "membership_id", "sales_manager_id", "sales_distributor_id")
SELECT u."id", u."membership_id",
  CASE WHEN u."membership_id" = 3 THEN (SELECT m."id" FROM "users" m WHERE m."id" = u."sales_manager_id") END,
  CASE WHEN u."membership_id" = 6 THEN (SELECT d."id" FROM "users" d WHERE d."id" = u."sales_distributor_id") END
FROM "users" u WHERE u."membership_id" IN (3, 6);
--> statement-breakpoint
INSERT INTO "lab_accounts" ("user_id", "membership_id", "processing_lab_id")
SELECT u."id", u."membership_id", u."processing_lab_id" FROM "users" u WHERE u."membership_id" IN (1, 11)
--> statement-breakpoint
ALTER TABLE "users" DROP CONSTRAINT "users_processing_lab_id_processing_labs_id_fk";
--> statement-breakpoint
ALTER TABLE "vial_records" DROP CONSTRAINT "vial_records_user_id_users_id_fk";
--> statement-breakpoint
DROP INDEX "users_sales_rep_idx";
--> statement-breakpoint
DROP INDEX "users_sales_manager_idx";
--> statement-breakpoint
DROP INDEX "users_sales_distributor_idx";
--> statement-breakpoint
DROP INDEX "users_harvest_center_idx";
--> statement-breakpoint
DROP INDEX "users_referral_harvest_center_idx";
--> statement-breakpoint
DROP INDEX "users_processing_lab_idx";
--> statement-breakpoint
ALTER TABLE "center_accounts" ADD CONSTRAINT "center_accounts_sales_rep_id_users_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "center_accounts" ADD CONSTRAINT "center_accounts_processing_lab_id_processing_labs_id_fk" FOREIGN KEY ("processing_lab_id") REFERENCES "public"."processing_labs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "center_accounts" ADD CONSTRAINT "center_accounts_account_fk" FOREIGN KEY ("user_id","membership_id") REFERENCES "public"."users"("id","membership_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "lab_accounts" ADD CONSTRAINT "lab_accounts_processing_lab_id_processing_labs_id_fk" FOREIGN KEY ("processing_lab_id") REFERENCES "public"."processing_labs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "lab_accounts" ADD CONSTRAINT "lab_accounts_account_fk" FOREIGN KEY ("user_id","membership_id") REFERENCES "public"."users"("id","membership_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "patient_accounts" ADD CONSTRAINT "patient_accounts_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patient_accounts" ADD CONSTRAINT "patient_accounts_referral_harvest_center_id_users_id_fk" FOREIGN KEY ("referral_harvest_center_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patient_accounts" ADD CONSTRAINT "patient_accounts_sales_rep_id_users_id_fk" FOREIGN KEY ("sales_rep_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patient_accounts" ADD CONSTRAINT "patient_accounts_processing_lab_id_processing_labs_id_fk" FOREIGN KEY ("processing_lab_id") REFERENCES "public"."processing_labs"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "patient_accounts" ADD CONSTRAINT "patient_accounts_account_fk" FOREIGN KEY ("user_id","membership_id") REFERENCES "public"."users"("id","membership_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
ALTER TABLE "sales_accounts" ADD CONSTRAINT "sales_accounts_sales_manager_id_users_id_fk" FOREIGN KEY ("sales_manager_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sales_accounts" ADD CONSTRAINT "sales_accounts_sales_distributor_id_users_id_fk" FOREIGN KEY ("sales_distributor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "sales_accounts" ADD CONSTRAINT "sales_accounts_account_fk" FOREIGN KEY ("user_id","membership_id") REFERENCES "public"."users"("id","membership_id") ON DELETE cascade ON UPDATE cascade;
--> statement-breakpoint
CREATE INDEX "center_accounts_rep_idx" ON "center_accounts" USING btree ("sales_rep_id");
--> statement-breakpoint
CREATE INDEX "center_accounts_lab_idx" ON "center_accounts" USING btree ("processing_lab_id");
--> statement-breakpoint
CREATE INDEX "lab_accounts_lab_idx" ON "lab_accounts" USING btree ("processing_lab_id");
--> statement-breakpoint
CREATE INDEX "patient_accounts_hc_idx" ON "patient_accounts" USING btree ("harvest_center_id");
--> statement-breakpoint
CREATE INDEX "patient_accounts_rhc_idx" ON "patient_accounts" USING btree ("referral_harvest_center_id");
--> statement-breakpoint
CREATE INDEX "patient_accounts_rep_idx" ON "patient_accounts" USING btree ("sales_rep_id");
--> statement-breakpoint
CREATE INDEX "patient_accounts_lab_idx" ON "patient_accounts" USING btree ("processing_lab_id");
--> statement-breakpoint
CREATE INDEX "patient_accounts_lab_sample_idx" ON "patient_accounts" USING btree (lower("lab_sample_id"));
--> statement-breakpoint
CREATE INDEX "sales_accounts_manager_idx" ON "sales_accounts" USING btree ("sales_manager_id");
--> statement-breakpoint
CREATE INDEX "sales_accounts_distributor_idx" ON "sales_accounts" USING btree ("sales_distributor_id");
--> statement-breakpoint
ALTER TABLE "vial_records" ADD CONSTRAINT "vial_records_user_id_patient_accounts_user_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."patient_accounts"("user_id") ON DELETE restrict ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "auth_tokens" ADD CONSTRAINT "auth_tokens_kind_check" CHECK ("auth_tokens"."kind" IN ('login', 'impersonation', 'staff_access'));
--> statement-breakpoint
ALTER TABLE "mail_outbox" ADD CONSTRAINT "mail_outbox_status_check" CHECK ("mail_outbox"."status" IN ('pending', 'sent', 'failed'));
--> statement-breakpoint
ALTER TABLE "vial_records" ADD CONSTRAINT "vial_records_type_check" CHECK ("vial_records"."type" IN ('added', 'shipped'));
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "saless_rep_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sales_manager_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "sales_distributor_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "harvest_center_temporal_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "referral_harvest_center_temporal_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "processing_lab_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "lab_id";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "number_times_qc_done";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "date_adipose_shipped_to_lab";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "date_adipose_received_by_lab";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "estimated_date_vials_ready_to_ship";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "estimated_date_set_manually";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "date_vials_ready_to_ship";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stemcell_plating_initiated_date";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "stemcell_plating_successful";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "hla_typing_test";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "vials_preparation";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "vials_ready_ship";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "vials_available";
--> statement-breakpoint
ALTER TABLE "users" DROP COLUMN "vials_shipped";
--> statement-breakpoint
DROP INDEX "vial_records_user_idx";--> statement-breakpoint
CREATE INDEX "users_membership_company_idx" ON "users" USING btree ("membership_id","company","id");--> statement-breakpoint
CREATE INDEX "users_membership_name_idx" ON "users" USING btree ("membership_id","last_name","first_name","id");--> statement-breakpoint
CREATE INDEX "vial_records_user_idx" ON "vial_records" USING btree ("user_id","date","id");
