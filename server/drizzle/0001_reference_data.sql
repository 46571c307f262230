-- Reference data every installation needs: account types (part 1 §1), user tags (tag 1 enables
-- vial checkout) and the product catalogue (part 2 §9; prices in cents, see docs/decisions).
INSERT INTO "memberships" ("id", "name") VALUES
  (1, 'Lab'), (2, 'General Member'), (3, 'Sales Rep'), (4, 'Harvest Center'),
  (5, 'Referral Harvest Center'), (6, 'Sales Manager'), (7, 'Admin'), (8, 'Sales Distributor'),
  (9, 'HC Staff'), (10, 'Admin'), (11, 'Lab Access')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "user_tags" ("id", "name") VALUES (1, 'Vial Checkout'), (2, 'Key Account')
ON CONFLICT ("id") DO NOTHING;
--> statement-breakpoint
INSERT INTO "products" ("id", "name", "description", "price_cents", "shipping_fee_cents") VALUES
  (1, 'Processing Fee', 'Harvest Center Processing Fee', 350000, 0),
  (2, 'Vials', 'Order patient vials', 50000, 2500),
  (3, 'Harvesting Kit', 'Single harvesting kit', 25000, 2500),
  (8, 'FDA Cleared Single-Use Sterile Disposable Cannula', 'Single-use sterile disposable cannula', 9500, 1500),
  (9, 'Five Harvesting Kits', 'Pack of five harvesting kits', 112500, 4500),
  (10, 'Five Cannulas', 'Pack of five cannulas', 42500, 2500),
  (11, 'Shipping Supplies', 'Tissue shipping supplies', 7500, 1500),
  (12, 'Office Pop-Up Banner', 'Office pop-up banner', 19900, 2500),
  (13, 'Referral Harvest Fee', 'Harvest Center Referral Harvest Fee', 250000, 0),
  (14, 'Pre-Order Patient Vials', 'Pre-order patient vials', 50000, 0)
ON CONFLICT ("id") DO NOTHING;
