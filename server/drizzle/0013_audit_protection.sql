-- The audit trail's protection (docs/decisions/028-audit-retention-and-checkpoints.md): the retention
-- period lives here, not in a session setting any connection may set; only rows past it are ever
-- deleted, by one purge function; the functions read the portal's own tables whatever a session's
-- search_path (a temporary table of the same name is searched first otherwise).

-- How long audit rows are kept, and the least a migration may set it to. One row; no session changes
-- it (its trigger below): a later migration sets the trigger aside, changes the row, and puts it back.
CREATE TABLE "audit_retention" (
	"only_row" boolean PRIMARY KEY DEFAULT true NOT NULL,
	"period" interval NOT NULL,
	"floor" interval NOT NULL,
	CONSTRAINT "audit_retention_one_row" CHECK ("only_row"),
	CONSTRAINT "audit_retention_floor_positive" CHECK ("floor" > interval '0'),
	CONSTRAINT "audit_retention_period_above_floor" CHECK ("period" >= "floor")
);--> statement-breakpoint
INSERT INTO "audit_retention" ("period", "floor") VALUES (interval '6 years', interval '6 years');--> statement-breakpoint
CREATE FUNCTION audit_retention_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION 'audit_retention is changed by migrations only (% refused)', TG_OP
    USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_retention_locked BEFORE INSERT OR UPDATE OR DELETE ON audit_retention
  FOR EACH ROW EXECUTE FUNCTION audit_retention_locked();--> statement-breakpoint
CREATE TRIGGER audit_retention_no_truncate BEFORE TRUNCATE ON audit_retention
  FOR EACH STATEMENT EXECUTE FUNCTION audit_retention_locked();--> statement-breakpoint
-- Append-only: no UPDATE or TRUNCATE; a DELETE only of a row older than the period in
-- audit_retention. Nothing a session sets is read.
CREATE OR REPLACE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.created_at < now() - (SELECT period FROM audit_retention) THEN
      RETURN OLD;
    END IF;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
-- Each new row extends the chain, dated by the database (a row cannot claim to be old, and so
-- deletable). One writer at a time, as before (0010).
CREATE OR REPLACE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  PERFORM pg_advisory_xact_lock(7271849);
  SELECT chain_seq, row_hash INTO last FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last.chain_seq, 0) + 1;
  NEW.prev_hash := coalesce(last.row_hash, '');
  NEW.created_at := now();
  NEW.row_hash := audit_log_row_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
-- The retention purge, the hourly job's only way to delete: the oldest rows up to the first one still
-- within the period, so what is removed is always the start of the chain (its new anchor verifies),
-- even where two transactions' rows are dated slightly out of chain order. The newest row stays, so
-- the chain continues from it. Returns the number of rows deleted.
CREATE FUNCTION audit_log_purge() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  keep_from bigint;
  deleted integer;
BEGIN
  SELECT chain_seq INTO keep_from FROM audit_log
   WHERE chain_seq IS NOT NULL AND created_at >= now() - (SELECT period FROM audit_retention)
   ORDER BY chain_seq LIMIT 1;
  IF keep_from IS NULL THEN
    SELECT max(chain_seq) INTO keep_from FROM audit_log;
  END IF;
  DELETE FROM audit_log WHERE chain_seq < keep_from;
  GET DIAGNOSTICS deleted = ROW_COUNT;
  RETURN deleted;
END $$;--> statement-breakpoint
-- The functions that read tables resolve names in the schema the tables are in, then pg_temp last: a
-- session's temporary audit_retention or audit_log is never theirs. (audit_log_row_hash calls only
-- pg_catalog functions, which come first whatever the path.)
DO $$
DECLARE
  f text;
BEGIN
  FOREACH f IN ARRAY ARRAY['audit_log_append_only()', 'audit_log_chain()', 'audit_log_purge()'] LOOP
    EXECUTE format('ALTER FUNCTION %s SET search_path = %I, pg_temp', f, current_schema());
  END LOOP;
END $$;--> statement-breakpoint
-- Listings of patients keep the ids in detail.patient_ids ("who saw my record" finds them).
CREATE INDEX "audit_log_listed_patients_idx" ON "audit_log" USING gin (("detail" -> 'patient_ids') jsonb_path_ops);
