// Uploaded files (issue 4 §2, DOMAIN §9): the metadata of each stored image or PDF. The bytes live in
// the FileStorage (src/server/modules/files/storage.ts) under <tenantId>/<guid>; parcels and orders
// point at a file by its guid (imageGuid, goodsImageGuid, userUploadImageGuid, pdfGuid).
import { sql } from 'drizzle-orm';
import { bigint, check, customType, index, integer, pgTable, primaryKey, uniqueIndex, uuid, varchar } from 'drizzle-orm/pg-core';
import { createdAt, tenantIdColumn, tenantPolicy } from './tenancy.ts';
import { users } from './identity.ts';

export type FileKind = 'image' | 'pdf';

export const files = pgTable('files', {
  guid: uuid('guid').primaryKey(),
  tenantId: tenantIdColumn(),
  /** Who uploaded it; a seller may always read their own uploads. */
  ownerUserId: bigint('owner_user_id', { mode: 'number' }).notNull().references(() => users.id),
  fileName: varchar('file_name', { length: 255 }).notNull(),
  /** Detected from the content at upload, never taken from the client. */
  contentType: varchar('content_type', { length: 64 }).notNull(),
  size: bigint('size', { mode: 'number' }).notNull(),
  kind: varchar('kind', { length: 8 }).$type<FileKind>().notNull(),
  creationTime: createdAt(),
}, (t) => [
  index('files_owner_idx').on(t.tenantId, t.ownerUserId),
  check('files_kind_ck', sql`${t.kind} in ('image', 'pdf')`),
  tenantPolicy(t.tenantId),
]);

/** bytea as a Buffer (node-postgres gives a Buffer, PGlite a Uint8Array). */
const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  fromDriver: (v) => (Buffer.isBuffer(v) ? v : Buffer.from(v.buffer, v.byteOffset, v.byteLength)),
});

// The bytes of the PostgreSQL file store (FILE_STORE=postgres, the default with DATABASE_URL; see
// modules/files/storage.ts): one row per stored file under its key ("<tenantId>/<guid>"), its bytes in
// chunks of at most 256 KB. Not tenant tables: like the disk store's directory they are reached only
// through the owner connection, after the tenant-confined files row above has been checked; the
// application roles have no privilege on them and row-level security is on with no policy
// (migration 0038).

export const fileBlobs = pgTable('file_blobs', {
  id: uuid('id').primaryKey(),
  /** Null while the chunks are being written; set, replacing any older file under it, once they all are. */
  key: varchar('key', { length: 512 }),
  size: bigint('size', { mode: 'number' }).notNull().default(0),
  chunks: integer('chunks').notNull().default(0),
  creationTime: createdAt(),
}, (t) => [
  uniqueIndex('file_blobs_key_uq').on(t.key),
]).enableRLS();

export const fileChunks = pgTable('file_chunks', {
  blobId: uuid('blob_id').notNull().references(() => fileBlobs.id, { onDelete: 'cascade' }),
  seq: integer('seq').notNull(),
  data: bytea('data').notNull(),
}, (t) => [
  primaryKey({ columns: [t.blobId, t.seq] }),
]).enableRLS();
