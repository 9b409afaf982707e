import { customType, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';

const bytea = customType<{ data: Buffer; driverData: Buffer | Uint8Array }>({
  dataType: () => 'bytea',
  // node-postgres answers a Buffer, PGlite a Uint8Array: the store hands out Buffers either way.
  fromDriver: (value) => (Buffer.isBuffer(value) ? value : Buffer.from(value)),
});

/**
 * Private files (KYC images, deposit proofs, support attachments, agreement PDFs) when the nodes
 * share a PostgreSQL server: every node reads what any node wrote. Keys are the server's own names
 * (`ab/<32 hex>.<ext>`), as on the local disk.
 */
export const storedFiles = pgTable('stored_files', {
  key: text('key').primaryKey(),
  bytes: bytea('bytes').notNull(),
  size: integer('size').notNull(),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
});
