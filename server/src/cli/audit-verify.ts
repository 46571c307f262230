// `npm run audit:verify`: walks the audit chain of DATABASE_URL or the embedded database and compares
// it with the newest checkpoint in the file storage; exits 1 when a row was changed or removed
// (docs/decisions/024-audit-trail.md, 028-audit-retention-and-checkpoints.md).
import { auditTrailMessage, verifyAuditTrail } from '../audit-chain/audit-checkpoint.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';
import { createFileStorage } from '../storage/file-storage.ts';

const config = loadConfig();
const database = await openDatabase(config);
const report = await verifyAuditTrail(database.db, await createFileStorage(config)).finally(() =>
  database.close(),
);
if (report.ok) {
  console.log(auditTrailMessage(report));
} else {
  console.error(auditTrailMessage(report));
  process.exitCode = 1;
}
