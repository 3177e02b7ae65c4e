// Shopee shops a seller authorised, the orders synced from them (DOMAIN §8), and the state of the
// product's own fake of the Open Platform (decision 0028).
import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, primaryKey, smallint, timestamp, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createdAt, id, tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { users } from './identity.ts';
import { orders } from './orders.ts';

const time = (name: string) => timestamp(name, { withTimezone: true, mode: 'date' });

/** A seller's authorised Shopee shop: one row per (tenant, Shopee shop id); authorised (1) in one tenant at a time. */
export const shopeeShops = pgTable('shopee_shops', {
  id: id(),
  tenantId: tenantIdColumn(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  shopId: bigint('shop_id', { mode: 'number' }).notNull(),
  shopName: varchar('shop_name', { length: 128 }).notNull(),
  customShopName: varchar('custom_shop_name', { length: 128 }),
  country: varchar('country', { length: 4 }).notNull(),
  /** 1 已授权, 2 已过期, 3 已取消 (an authorised shop past expireTime reads as 2). */
  shopeeStatus: smallint('shopee_status').notNull().default(1),
  authTime: time('auth_time').notNull(),
  /** When the seller's authorisation of our partner app ends (the platform says). */
  expireTime: time('expire_time').notNull(),
  /** Sealed (lib/sealed.ts): `v1.` nonce, tag and ciphertext; room for a 256-character token. */
  accessToken: varchar('access_token', { length: 512 }).notNull(),
  accessTokenExpiresAt: time('access_token_expires_at').notNull(),
  /** Works once: a refresh answers its successor, stored in the same statement as the new access token. */
  refreshToken: varchar('refresh_token', { length: 512 }).notNull(),
  /** A server refreshing this shop's token holds it until then (a lease, so no two servers refresh it). */
  refreshLeaseUntil: time('refresh_lease_until'),
  /** A server syncing this shop's orders holds it until then (the scheduled sync runs on every server). */
  syncLeaseUntil: time('sync_lease_until'),
  /** The end of the last update_time window synced; the next automatic sync starts a little before it. */
  syncedUntil: time('synced_until'),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('shopee_shops_shop_uq').on(t.tenantId, t.shopId),
  // One seller at a time across all tenants holds a shop authorised (issue 42; migration 0034, which
  // also adds haicang_shopee_shop_taken, the check a tenant's request can make across tenants).
  uniqueIndex('shopee_shops_authorised_uq').on(t.shopId).where(sql`${t.shopeeStatus} = 1`),
  index('shopee_shops_user_idx').on(t.tenantId, t.userId),
  tenantPolicy(t.tenantId),
]);

/** An order synced from a shop: (shop, order_sn) once, whatever it became. */
export const shopeeOrders = pgTable('shopee_orders', {
  id: id(),
  tenantId: tenantIdColumn(),
  shopId: bigint('shop_id', { mode: 'number' }).notNull(),
  orderSn: varchar('order_sn', { length: 64 }).notNull(),
  userId: bigint('user_id', { mode: 'number' }).notNull().references(() => users.id),
  orderId: bigint('order_id', { mode: 'number' }).references(() => orders.id, { onDelete: 'set null' }),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('shopee_orders_sn_uq').on(t.tenantId, t.shopId, t.orderSn),
  index('shopee_orders_order_idx').on(t.tenantId, t.orderId),
  tenantPolicy(t.tenantId),
]);

// ---- The fake Open Platform (mounted at /shopee-sandbox when the fake is on, config.ts). Platform rows:
// no tenant, only the fake's routes read them.

export const shopeeSandboxShops = pgTable('shopee_sandbox_shops', {
  shopId: bigint('shop_id', { mode: 'number' }).primaryKey(),
  shopName: varchar('shop_name', { length: 128 }).notNull(),
  region: varchar('region', { length: 4 }).notNull(),
  /** Set by cancel_auth_partner: tokens of the shop stop working. */
  authorised: boolean('authorised').notNull().default(false),
  authTime: integer('auth_time'),
  expireTime: integer('expire_time'),
});

/** Authorisation codes (one use, 10 minutes) and tokens (access 4 h; refresh 30 days, one use). */
export const shopeeSandboxGrants = pgTable('shopee_sandbox_grants', {
  token: varchar('token', { length: 64 }).primaryKey(),
  kind: varchar('kind', { length: 8 }).$type<'code' | 'access' | 'refresh'>().notNull(),
  shopId: bigint('shop_id', { mode: 'number' }).notNull(),
  expiresAt: integer('expires_at').notNull(),
  used: boolean('used').notNull().default(false),
}, (t) => [index('shopee_sandbox_grants_shop_idx').on(t.shopId)]);

export interface SandboxOrderItem { item_name: string; model_sku: string; model_name?: string; model_quantity_purchased: number }
export const shopeeSandboxOrders = pgTable('shopee_sandbox_orders', {
  shopId: bigint('shop_id', { mode: 'number' }).notNull(),
  orderSn: varchar('order_sn', { length: 64 }).notNull(),
  orderStatus: varchar('order_status', { length: 32 }).notNull(),
  updateTime: integer('update_time').notNull(),
  createTime: integer('create_time').notNull(),
  itemList: jsonb('item_list').$type<SandboxOrderItem[]>().notNull(),
  recipientAddress: jsonb('recipient_address').$type<Record<string, unknown>>(),
  /** The shipping document: null (none asked), 'PROCESSING', 'READY'. */
  documentStatus: varchar('document_status', { length: 16 }),
  documentPolls: smallint('document_polls').notNull().default(0),
}, (t) => [
  primaryKey({ columns: [t.shopId, t.orderSn] }),
  index('shopee_sandbox_orders_time_idx').on(t.shopId, t.updateTime),
]);
