import { formatCents } from './products.ts';

/**
 * What an admin's edit of a transaction changed, said in words for its note (part 2 §3
 * transaction_history): "Amount changed from $250.00 to $275.00; commission marked paid". The edit
 * stores the changes by column (amountCents, salesRepId…); those names are never shown.
 */

export type TransactionChanges = Record<string, { from: unknown; to: unknown }>;

/** The parties a transaction names by account id; their names come from `names`. */
const PARTY_LABELS = {
  harvestCenterId: 'harvest center',
  referralHarvestCenterId: 'referral harvest center',
  patientId: 'patient',
  salesRepId: 'sales rep',
  salesManagerId: 'sales manager',
  salesDistributorId: 'sales distributor',
} as const;
export const TRANSACTION_PARTY_KEYS = Object.keys(PARTY_LABELS) as (keyof typeof PARTY_LABELS)[];

const MONEY_LABELS = {
  amountCents: 'amount',
  repCommissionCents: 'sales rep commission',
  managerCommissionCents: 'sales manager commission',
  distributorCommissionCents: 'sales distributor commission',
} as const;

/** The order the phrases come in: what was sold, its amount, who, then the commissions. */
const ORDER = [
  'productName',
  'quantity',
  'amountCents',
  ...TRANSACTION_PARTY_KEYS,
  'repCommissionCents',
  'managerCommissionCents',
  'distributorCommissionCents',
  'commissionPaid',
];

/** "someFieldName" → "some field name", for a change this file does not know yet. */
function words(key: string): string {
  return key
    .replace(/Cents$/, '')
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
}

function phrase(
  key: string,
  change: { from: unknown; to: unknown },
  names: ReadonlyMap<number, string>,
): string | null {
  if (key === 'productId') return null; // said by productName, which changes with it
  if (key === 'commissionPaid') return change.to ? 'commission marked paid' : 'commission marked unpaid';
  if (key in MONEY_LABELS) {
    const money = (value: unknown) => (typeof value === 'number' ? formatCents(value) : String(value));
    return `${MONEY_LABELS[key as keyof typeof MONEY_LABELS]} changed from ${money(change.from)} to ${money(change.to)}`;
  }
  if (key in PARTY_LABELS) {
    const label = PARTY_LABELS[key as keyof typeof PARTY_LABELS];
    const name = (id: unknown) => (typeof id === 'number' ? (names.get(id) ?? `#${id}`) : '');
    if (change.from === null || change.from === undefined) return `${label} set to ${name(change.to)}`;
    if (change.to === null || change.to === undefined) return `${label} removed (was ${name(change.from)})`;
    return `${label} changed from ${name(change.from)} to ${name(change.to)}`;
  }
  const label = key === 'productName' ? 'product' : words(key);
  return `${label} changed from ${String(change.from)} to ${String(change.to)}`;
}

/**
 * The changes of one edit as a sentence, or '' when it changed nothing. `names` holds the names of
 * the parties' accounts by id (an account that is gone reads as its id).
 */
export function describeTransactionChanges(
  changes: TransactionChanges,
  names: ReadonlyMap<number, string> = new Map(),
): string {
  const rank = (key: string) => {
    const index = ORDER.indexOf(key);
    return index === -1 ? ORDER.length : index;
  };
  const phrases = Object.keys(changes)
    .sort((a, b) => rank(a) - rank(b))
    .map((key) => phrase(key, changes[key], names))
    .filter((text): text is string => Boolean(text));
  const sentence = phrases.join('; ');
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

/** The account ids a set of changes names (to look their names up). */
export function partyIdsOf(changes: TransactionChanges): number[] {
  const ids = new Set<number>();
  for (const key of TRANSACTION_PARTY_KEYS) {
    for (const value of [changes[key]?.from, changes[key]?.to]) {
      if (typeof value === 'number') ids.add(value);
    }
  }
  return [...ids];
}
