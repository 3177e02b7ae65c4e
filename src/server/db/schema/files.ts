// Uploaded files (issue 4 §2, DOMAIN §9): the metadata of each stored image or PDF. The bytes live in
// the FileStorage (src/server/modules/files/storage.ts) under <tenantId>/<guid>; parcels and orders
// point at a file by its guid (imageGuid, goodsImageGuid, userUploadImageGuid, pdfGuid).
import { sql } from 'drizzle-orm';
import { bigint, check, index, pgTable, uuid, varchar } from 'drizzle-orm/pg-core';
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
