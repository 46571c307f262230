CREATE TABLE "document_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"event" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	"ip" text,
	"user_agent" text,
	"by" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "document_templates" (
	"id" text PRIMARY KEY NOT NULL,
	"kind" text NOT NULL,
	"owner_user_id" integer,
	"name" text NOT NULL,
	"file_key" text,
	"source_document_id" integer,
	"provider_template_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "document_templates_kind_check" CHECK ("document_templates"."kind" IN ('attestation', 'processing', 'storage'))
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" text NOT NULL,
	"kind" text NOT NULL,
	"name" text NOT NULL,
	"status" text DEFAULT 'Pending' NOT NULL,
	"source" text NOT NULL,
	"party" text NOT NULL,
	"patient_id" integer,
	"harvest_center_id" integer,
	"signer_user_id" integer,
	"signer_name" text NOT NULL,
	"signer_email" text NOT NULL,
	"template_id" text,
	"original_key" text,
	"original_sha256" text,
	"final_key" text,
	"final_sha256" text,
	"channel" text NOT NULL,
	"provider" text DEFAULT 'builtin' NOT NULL,
	"provider_document_id" text,
	"created_by" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"sent_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"voided_at" timestamp with time zone,
	"reminders_sent" integer DEFAULT 0 NOT NULL,
	"next_reminder_at" timestamp with time zone,
	"search_text" text GENERATED ALWAYS AS (lower(coalesce(signer_name, '') || ' ' || coalesce(signer_email, '') || ' ' || coalesce(document_id, ''))) STORED,
	CONSTRAINT "documents_document_id_unique" UNIQUE("document_id"),
	CONSTRAINT "documents_kind_check" CHECK ("documents"."kind" IN ('attestation', 'processing', 'storage')),
	CONSTRAINT "documents_status_check" CHECK ("documents"."status" IN ('Pending', 'Completed', 'Voided')),
	CONSTRAINT "documents_source_check" CHECK ("documents"."source" IN ('signed', 'uploaded')),
	CONSTRAINT "documents_party_check" CHECK ("documents"."party" IN ('patient', 'harvest-center')),
	CONSTRAINT "documents_channel_check" CHECK ("documents"."channel" IN ('email', 'portal', 'harvest-center')),
	CONSTRAINT "documents_provider_check" CHECK ("documents"."provider" IN ('builtin', 'boldsign')),
	CONSTRAINT "documents_completed_check" CHECK ("documents"."status" <> 'Completed' OR ("documents"."final_key" IS NOT NULL AND "documents"."completed_at" IS NOT NULL)),
	CONSTRAINT "documents_reminders_check" CHECK ("documents"."reminders_sent" >= 0)
);
--> statement-breakpoint
CREATE TABLE "signing_certificates" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"p12_base64" text NOT NULL,
	"passphrase" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "signing_certificates_single_row" CHECK ("signing_certificates"."id" = 1)
);
--> statement-breakpoint
CREATE TABLE "signing_links" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"token_hash" text NOT NULL,
	"channel" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"viewed_at" timestamp with time zone,
	"used_at" timestamp with time zone,
	"revoked_at" timestamp with time zone,
	CONSTRAINT "signing_links_token_hash_unique" UNIQUE("token_hash"),
	CONSTRAINT "signing_links_channel_check" CHECK ("signing_links"."channel" IN ('email', 'portal', 'harvest-center'))
);
--> statement-breakpoint
ALTER TABLE "document_events" ADD CONSTRAINT "document_events_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_owner_user_id_users_id_fk" FOREIGN KEY ("owner_user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_source_document_id_documents_id_fk" FOREIGN KEY ("source_document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "document_templates" ADD CONSTRAINT "document_templates_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_patient_id_users_id_fk" FOREIGN KEY ("patient_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_harvest_center_id_users_id_fk" FOREIGN KEY ("harvest_center_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_signer_user_id_users_id_fk" FOREIGN KEY ("signer_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "signing_links" ADD CONSTRAINT "signing_links_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_events_document_idx" ON "document_events" USING btree ("document_id","at","id");--> statement-breakpoint
CREATE INDEX "document_templates_kind_idx" ON "document_templates" USING btree ("kind","created_at");--> statement-breakpoint
CREATE INDEX "document_templates_owner_idx" ON "document_templates" USING btree ("owner_user_id");--> statement-breakpoint
CREATE UNIQUE INDEX "document_templates_source_key" ON "document_templates" USING btree ("source_document_id");--> statement-breakpoint
CREATE INDEX "documents_hc_status_created_idx" ON "documents" USING btree ("harvest_center_id","status","created_at");--> statement-breakpoint
CREATE INDEX "documents_patient_idx" ON "documents" USING btree ("patient_id","kind","created_at");--> statement-breakpoint
CREATE INDEX "documents_status_created_idx" ON "documents" USING btree ("status","created_at");--> statement-breakpoint
CREATE INDEX "documents_party_created_idx" ON "documents" USING btree ("party","created_at");--> statement-breakpoint
CREATE INDEX "documents_signer_user_idx" ON "documents" USING btree ("signer_user_id");--> statement-breakpoint
CREATE INDEX "documents_reminder_due_idx" ON "documents" USING btree ("next_reminder_at") WHERE "documents"."status" = 'Pending' AND "documents"."next_reminder_at" IS NOT NULL;--> statement-breakpoint
CREATE INDEX "documents_search_trgm_idx" ON "documents" USING gin ("search_text" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "signing_links_document_idx" ON "signing_links" USING btree ("document_id");