import { centsToDecimalString, type TProduct, type TProductOption } from '@portal/shared/products';
import type { Db } from '../../db/client.ts';
import { notFound } from '../../errors/app-error.ts';
import { findAllProducts, findProduct, type ProductRow } from './products.repository.ts';

/** Cents are the truth; the decimal strings are the spec's price fields (shared/src/products.ts). */
export function toProduct(row: ProductRow): TProduct {
  return {
    id: row.id,
    name: row.name,
    description: row.description,
    price_cents: row.priceCents,
    price: centsToDecimalString(row.priceCents),
    shipping_fee_cents: row.shippingFeeCents,
    shipping_fee: centsToDecimalString(row.shippingFeeCents),
  };
}

export async function listProductOptions(db: Db): Promise<TProductOption[]> {
  return (await findAllProducts(db)).map((row) => ({ ...toProduct(row), value: row.id, label: row.name }));
}

export async function getProduct(db: Db, id: number): Promise<TProduct> {
  const row = await findProduct(db, id);
  if (!row) throw notFound('Product not found.');
  return toProduct(row);
}
