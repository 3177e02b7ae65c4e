// First start: the host admin, tenant Default (id 1) with its admin and static roles, one mainland
// warehouse and its city. Runs once: it does nothing when the host admin already exists.
import { sql } from 'drizzle-orm';
import type { Database } from './db/client.ts';
import { scopeTransaction } from './db/client.ts';
import { tenants, users } from './db/schema/index.ts';
import { provisionSide } from './modules/identity/provisioning.ts';
import { insertCity, insertWarehouse } from './modules/warehouse/repository.ts';

export const DEFAULT_TENANT = { tenancyName: 'Default', name: 'Default' } as const;

export async function seedDatabase(database: Database): Promise<{ seeded: boolean }> {
  return database.root.transaction(async (root) => {
    // Serialise concurrent first starts of several servers on one PostgreSQL.
    await root.execute(sql`select pg_advisory_xact_lock(7164002)`);
    const [existing] = await root.select({ n: sql<number>`count(*)::int` }).from(users).where(sql`${users.tenantId} is null`);
    if ((existing?.n ?? 0) > 0) return { seeded: false };
    const tx = root as unknown as Parameters<typeof scopeTransaction>[0];
    await scopeTransaction(tx, null);
    await provisionSide(tx, 'host', 'admin@haicang.local');
    await tx.execute(sql`reset role`);
    const [t] = await root.insert(tenants).values({ tenancyName: DEFAULT_TENANT.tenancyName, name: DEFAULT_TENANT.name }).returning({ id: tenants.id });
    await scopeTransaction(tx, t!.id);
    await provisionSide(tx, 'tenant', 'admin@default.haicang.local');
    const city = await insertCity(tx, '深圳');
    await insertWarehouse(tx, {
      warehouseName: '深圳大陆仓', kind: 1, warehouseCityId: city.id, address: '广东省深圳市龙岗区平湖街道物流园 1 号',
      contactName: '仓库前台', phone: '0755-00000000', isEnabled: true,
    });
    return { seeded: true };
  });
}
