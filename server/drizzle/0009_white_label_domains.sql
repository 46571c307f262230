ALTER TABLE "domains" ADD COLUMN "host" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "description" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "email_sender" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "logo_key" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "brand_color" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "check_token" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "folder_created_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "site_file_written_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "dns_verified_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "reachable_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "ssl_completed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "domains" ADD COLUMN "last_error" text DEFAULT '' NOT NULL;--> statement-breakpoint
-- Domains made before hosts were kept: the host of their URL (the first domain of a host keeps it).
UPDATE "domains" d SET "host" = h."host" FROM (
  SELECT DISTINCT ON (lower(split_part(regexp_replace("url", '^[a-zA-Z]+://', ''), '/', 1)))
    "id", lower(split_part(split_part(regexp_replace("url", '^[a-zA-Z]+://', ''), '/', 1), ':', 1)) AS "host"
  FROM "domains" WHERE "url" <> '' ORDER BY lower(split_part(regexp_replace("url", '^[a-zA-Z]+://', ''), '/', 1)), "id"
) h WHERE d."id" = h."id";--> statement-breakpoint
CREATE UNIQUE INDEX "domains_host_key" ON "domains" USING btree ("host") WHERE "domains"."host" <> '';--> statement-breakpoint
CREATE INDEX "users_domain_idx" ON "users" USING btree ("domain_id","membership_id","id") WHERE "users"."domain_id" IS NOT NULL;