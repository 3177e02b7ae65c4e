// First start: the host admin, tenant Default (id 1) with its admin and static roles, one mainland
// warehouse and its city. Runs once: it does nothing when the host side already has a user. The seed
// stands above the modules and asks them, as a service would; no module or db/ file imports it.
import { scopeTransaction, type Database, type Db } from './db/client.ts';
import { lockFirstStart } from './modules/identity/repository.ts';
import { provisionSide, provisionTenant } from './modules/identity/provisioning.ts';
import { insertCity, insertWarehouse } from './modules/warehouse/repository.ts';

export const DEFAULT_TENANT = { tenancyName: 'Default', name: 'Default' } as const;

export async function seedDatabase(database: Database): Promise<{ seeded: boolean }> {
  return database.root.transaction(async (root) => {
    const tx = root as unknown as Db;
    // Serialises concurrent first starts of several servers on one PostgreSQL.
    if ((await lockFirstStart(tx)).seeded) return { seeded: false };
    await scopeTransaction(tx, null);
    await provisionSide(tx, 'host', 'admin@haicang.local');
    await provisionTenant(tx, { tenancyName: DEFAULT_TENANT.tenancyName, name: DEFAULT_TENANT.name }, 'admin@default.haicang.local');
    const city = await insertCity(tx, '深圳');
    await insertWarehouse(tx, {
      warehouseName: '深圳大陆仓', kind: 1, warehouseCityId: city.id, address: '广东省深圳市龙岗区平湖街道物流园 1 号',
      contactName: '仓库前台', phone: '0755-00000000', isEnabled: true,
    });
    return { seeded: true };
  });
}
