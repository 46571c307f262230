// `npm run audit:verify`: walks the audit chain of DATABASE_URL or the embedded database; exits 1
// when a row was changed or removed (docs/decisions/024-audit-trail.md).
import { verifyAuditChain } from '../audit/audit-chain.ts';
import { loadConfig } from '../config/env.ts';
import { openDatabase } from '../db/client.ts';

const config = loadConfig();
const database = await openDatabase(config);
const report = await verifyAuditChain(database.db);
await database.close();
if (report.ok) {
  console.log(`Audit chain intact: ${report.rows} rows.`);
} else {
  console.error(`Audit chain broken at row ${report.chainSeq} of ${report.rows}: ${report.reason}.`);
  process.exitCode = 1;
}
