// The scene the parcel and scan tests share: a picker (Warehouse role), a seller with a store, the
// tenant's first warehouse or one of the scene's own, and declared parcels on demand (one order line each).
import { call, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createUser, registerSeller } from './identity.ts';
import { buildOrder, createOrder, createStore } from './orders.ts';

export interface ParcelScene {
  admin: Caller;
  picker: Caller;
  seller: Awaited<ReturnType<typeof registerSeller>>;
  storeId: number;
  warehouseId: number;
  /** A parcel a seller's order declared (not yet signed in). */
  declaredParcel(): Promise<{ shipment: string; id: number }>;
}

/** `ownWarehouse`: a new mainland warehouse of that name, whose holding slots start empty, instead of the tenant's first. */
export async function parcelScene(t: TestApp, options: { ownWarehouse?: string } = {}): Promise<ParcelScene> {
  const admin = await signIn(t.app, 'admin', '123qwe', 1);
  const p = await createUser(t.app, admin, { roleNames: ['Warehouse'] });
  const picker = await signIn(t.app, p.userName, p.password, 1);
  const seller = await registerSeller(t.app, 1);
  const storeId = (await createStore(t.app, admin, seller.userId)).id;
  const warehouseId = options.ownWarehouse
    ? (await call(t.app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: options.ownWarehouse, kind: 1 })).body.result.id as number
    : (await call(t.app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin)).body.result.items[0].id as number;
  return {
    admin, picker, seller, storeId, warehouseId,
    async declaredParcel() {
      const input = buildOrder(storeId, warehouseId);
      await createOrder(t.app, seller, input);
      const shipment = input.orderProductInfosList[0]!.shipment;
      const list = await call(t.app, 'GET', svc('Logistics', 'GetLogisticsList'), picker, { shipment });
      return { shipment, id: list.body.result.items[0].id as number };
    },
  };
}
