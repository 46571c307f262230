ALTER TABLE "audit_log" ADD COLUMN "acting_as_user_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "patient_id" integer;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "object_type" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "object_id" text DEFAULT '' NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "chain_seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "prev_hash" text;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "row_hash" text;--> statement-breakpoint
CREATE UNIQUE INDEX "audit_log_chain_seq_key" ON "audit_log" USING btree ("chain_seq");--> statement-breakpoint
CREATE INDEX "audit_log_patient_idx" ON "audit_log" USING btree ("patient_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_actor_idx" ON "audit_log" USING btree ("actor_user_id","created_at");--> statement-breakpoint
CREATE INDEX "audit_log_created_idx" ON "audit_log" USING btree ("created_at");--> statement-breakpoint
-- A row's hash: the previous row's hash and every column the row says, in a fixed text form
-- (jsonb's text is canonical; the time in UTC to the microsecond). The trigger and the verification
-- use this one function, so they cannot disagree.
CREATE FUNCTION audit_log_row_hash(prev text, r audit_log) RETURNS text LANGUAGE sql IMMUTABLE AS $$
  SELECT encode(sha256(convert_to(concat_ws(chr(31),
    coalesce(prev, ''), r.chain_seq::text, r.action,
    coalesce(r.actor_user_id::text, ''), coalesce(r.acting_as_user_id::text, ''),
    coalesce(r.target_user_id::text, ''), coalesce(r.patient_id::text, ''),
    r.object_type, r.object_id, r.email, r.ip, r.detail::text,
    to_char(r.created_at AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US')
  ), 'UTF8')), 'hex')
$$;--> statement-breakpoint
-- The rows written before the chain: chained in the order they were written.
DO $$
DECLARE
  r audit_log;
  prev text := '';
  seq bigint := 0;
BEGIN
  FOR r IN SELECT * FROM audit_log ORDER BY id LOOP
    seq := seq + 1;
    r.chain_seq := seq;
    r.prev_hash := prev;
    r.row_hash := audit_log_row_hash(prev, r);
    UPDATE audit_log SET chain_seq = r.chain_seq, prev_hash = r.prev_hash, row_hash = r.row_hash WHERE id = r.id;
    prev := r.row_hash;
  END LOOP;
END $$;--> statement-breakpoint
-- Each new row extends the chain. One writer at a time (a transaction-scoped advisory lock, held to
-- its commit) so that two transactions never take the same place in it.
CREATE FUNCTION audit_log_chain() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  last record;
BEGIN
  PERFORM pg_advisory_xact_lock(7271849);
  SELECT chain_seq, row_hash INTO last FROM audit_log WHERE chain_seq IS NOT NULL ORDER BY chain_seq DESC LIMIT 1;
  NEW.chain_seq := coalesce(last.chain_seq, 0) + 1;
  NEW.prev_hash := coalesce(last.row_hash, '');
  NEW.created_at := coalesce(NEW.created_at, now());
  NEW.row_hash := audit_log_row_hash(NEW.prev_hash, NEW);
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_chain BEFORE INSERT ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_chain();--> statement-breakpoint
-- Append-only: no UPDATE, DELETE or TRUNCATE, except the retention purge deleting rows older than
-- the period it names in `portal.audit_retention` (set for its own transaction only).
CREATE FUNCTION audit_log_append_only() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  retention text := current_setting('portal.audit_retention', true);
BEGIN
  IF TG_OP = 'DELETE' AND coalesce(retention, '') <> '' AND OLD.created_at < now() - retention::interval THEN
    RETURN OLD;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only (% refused)', TG_OP USING ERRCODE = 'insufficient_privilege';
END $$;--> statement-breakpoint
CREATE TRIGGER audit_log_append_only BEFORE UPDATE OR DELETE ON audit_log FOR EACH ROW EXECUTE FUNCTION audit_log_append_only();--> statement-breakpoint
CREATE TRIGGER audit_log_no_truncate BEFORE TRUNCATE ON audit_log FOR EACH STATEMENT EXECUTE FUNCTION audit_log_append_only();
