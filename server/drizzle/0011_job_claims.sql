CREATE TABLE "job_claims" (
	"name" text PRIMARY KEY NOT NULL,
	"next_run_at" timestamp with time zone NOT NULL,
	"claimed_by" text,
	"lease_until" timestamp with time zone,
	"runs" integer DEFAULT 0 NOT NULL,
	"last_run_by" text DEFAULT '' NOT NULL,
	"last_finished_at" timestamp with time zone
);
