-- The commerce contract (issue 33): coupon codes kept upper case, and invoice numbers without gaps.

-- Coupon codes are stored as the admin typed them ("welcome100" beside "WELCOME100"); from now on the
-- API keeps them upper case. The unique index is on lower(code), so no two codes differ only by case;
-- a code whose upper case would still meet another's (letters outside ASCII fold unevenly) is left as
-- it is rather than failing the migration: lookups compare in any case, so it keeps working.
UPDATE "coupons" SET "code" = upper("code")
WHERE "code" <> upper("code")
  AND NOT EXISTS (
    SELECT 1 FROM "coupons" AS "other"
    WHERE "other"."id" <> "coupons"."id" AND lower("other"."code") = lower(upper("coupons"."code"))
  );--> statement-breakpoint
-- The codes transactions were sold with, too: the reports and exports group and show them by code,
-- and "welcome100" and "WELCOME100" are one coupon. Nothing else is rewritten: the amounts, the
-- coupon link and the date stay as sold.
UPDATE "transactions" SET "coupon_code_used" = upper("coupon_code_used")
WHERE "coupon_code_used" <> upper("coupon_code_used");--> statement-breakpoint
-- Invoice numbers: a sequence hands out a number to every attempt, and a declined payment (or a
-- rolled-back record) left a gap (100009, 100010, 100013 missing). Now the number is the last one
-- written plus one, taken by the insert of the paid row: a transaction-scoped advisory lock keeps
-- concurrent writers in turn until each commits (read committed: the next one then sees the row),
-- and a rollback leaves nothing taken. A statement inserting many rows reads the last number once
-- and counts on in a transaction-local setting (a counter row updated per row made a 200,000-row
-- import quadratic: every update walked the versions the transaction had left). The portal never
-- deletes a transaction, so a number is never given twice.
CREATE FUNCTION next_invoice_id() RETURNS bigint LANGUAGE plpgsql VOLATILE AS $$
DECLARE
  last_given text := current_setting('portal.last_invoice_id', true);
  next_id bigint;
BEGIN
  IF last_given IS NULL OR last_given = '' THEN
    PERFORM pg_advisory_xact_lock(hashtext('invoice_numbers'), 0);
    -- Schema-qualified: a temporary table of the same name, searched first, is never read.
    SELECT coalesce(max(invoice_id), 100000)::text INTO last_given FROM public.transactions;
  END IF;
  next_id := last_given::bigint + 1;
  PERFORM set_config('portal.last_invoice_id', next_id::text, true);
  RETURN next_id;
END $$;--> statement-breakpoint
ALTER TABLE "transactions" ALTER COLUMN "invoice_id" SET DEFAULT next_invoice_id();--> statement-breakpoint
DROP SEQUENCE "public"."transaction_invoice_seq";
