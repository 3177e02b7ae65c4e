// Fee settings (issue #5 item 3; DOMAIN §5 "Order fees", §9): BaseCostSetting, MainlandFreight with
// its third-party parameter, FrontMainLandFreight, the urgent fee and the lookups weighing uses.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { call, createTestApp, signIn, svc, type Caller, type TestApp } from '../helpers/test-app.ts';
import { createTenant, registerSeller } from '../factories/identity.ts';
import { baseCostCents, freightCents } from '#server/modules/fees/calc.ts';
import { effectiveBaseCost, effectiveFreight, effectiveThirdPartyBulky, urgentFeeCents } from '#server/modules/fees/settings.ts';

const HOUR = 3600_000;
const at = (offsetMs: number) => new Date(Date.now() + offsetMs).toISOString();

/** The issue's settings. */
const issueBaseCost = { orderType: 1, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8 };
const twGeneral = { site: 'TW', cargoCategory: 1, firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5, bulkyParameter: 6000 };

describe('fee settings', () => {
  let t: TestApp;
  let app: FastifyInstance;
  let admin: Caller;
  let seller: Caller;
  let warehouseId: number;
  let otherWarehouseId: number;

  beforeAll(async () => {
    t = await createTestApp();
    app = t.app;
    admin = await signIn(app, 'admin', '123qwe', 1);
    seller = await registerSeller(app, 1);
    const list = await call(app, 'GET', svc('WarehouseInfo', 'GetWarehouseInfoList'), admin, { kind: 1 });
    warehouseId = list.body.result.items[0].id;
    const other = await call(app, 'POST', svc('WarehouseInfo', 'EditWarehouseInfo'), admin, { warehouseName: '义乌仓', kind: 1 });
    otherWarehouseId = other.body.result.id;
  });
  afterAll(async () => { await t?.close(); });

  describe('BaseCostSetting', () => {
    let currentId: number;

    it('adds the issue\'s base cost and answers it in points', async () => {
      const res = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(-HOUR), ...issueBaseCost });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({
        warehouseInfoId: warehouseId, warehouseName: '深圳大陆仓', orderType: 1, baseCost: 3, baseSkuNums: 1, exceedSkuCost: 0.5, maxSkuCost: 2, sackPrice: 0.8,
        exceedBaseSkuNums: 4, endTime: null, isEffective: true, phase: 'current',
      });
      currentId = res.body.result.id;
    });

    it('the lookup weighing uses returns the rule in cents: a two-SKU order pays 3.5 + sack 0.8', async () => {
      const rule = await t.database.withTenant(1, (tx) => effectiveBaseCost(tx, warehouseId, 1, new Date()));
      expect(rule).toMatchObject({ id: currentId, baseCostCents: 300, baseSkuNums: 1, exceedSkuCostCents: 50, maxSkuCostCents: 200, sackPriceCents: 80 });
      expect(baseCostCents(rule!, 2)).toMatchObject({ operationCents: 350, sackCents: 80 });
      // nothing for another order type, nor before the setting began
      expect(await t.database.withTenant(1, (tx) => effectiveBaseCost(tx, warehouseId, 2, new Date()))).toBeNull();
      expect(await t.database.withTenant(1, (tx) => effectiveBaseCost(tx, warehouseId, 1, new Date(Date.now() - 2 * HOUR)))).toBeNull();
    });

    it('refuses an overlapping setting for the same warehouse and order type with 409 naming the conflict', async () => {
      const res = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(24 * HOUR), ...issueBaseCost, baseCost: 4 });
      expect(res.status).toBe(409);
      expect(res.body.error?.message).toContain(`#${currentId}`);
      expect(res.body.error?.message).toContain('深圳大陆仓·跨境订单');
      expect(res.body.error?.message).toContain('时间重叠');
      // another order type or another warehouse is another key
      expect((await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(-HOUR), ...issueBaseCost, orderType: 2 })).status).toBe(200);
      expect((await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { warehouseInfoId: otherWarehouseId, beginTime: at(-HOUR), ...issueBaseCost })).status).toBe(200);
      // a switched-off setting may overlap: it covers nothing
      const off = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(-HOUR), isEffective: false, ...issueBaseCost });
      expect(off.status).toBe(200);
      expect(off.body.result.phase).toBe('disabled');
    });

    it('lets only one of eight concurrent Adds for one key through', async () => {
      const body = { warehouseInfoId: otherWarehouseId, orderType: 3, beginTime: at(-HOUR), baseCost: 1, baseSkuNums: 1, exceedSkuCost: 0, maxSkuCost: 0, sackPrice: 0 };
      const results = await Promise.all(Array.from({ length: 8 }, () => call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, body)));
      expect(results.map((r) => r.status).sort()).toEqual([200, 409, 409, 409, 409, 409, 409, 409]);
      const list = await call(app, 'GET', svc('BaseCostSetting', 'GetBaseCostSettingListList'), admin, { warehouseInfoId: otherWarehouseId, orderType: 3 });
      expect(list.body.result.totalCount).toBe(1);
    });

    it('EditEndTime closes the current setting so the next one may begin where it ends', async () => {
      const end = at(24 * HOUR);
      const closed = await call(app, 'POST', svc('BaseCostSetting', 'EditEndTime'), admin, { id: currentId, endTime: end });
      expect(closed.status).toBe(200);
      expect(closed.body.result.endTime).toBe(end);
      expect((await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(12 * HOUR), ...issueBaseCost })).status).toBe(409);
      const next = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: end, ...issueBaseCost, baseCost: 3.5 });
      expect(next.status).toBe(200);
      expect(next.body.result.phase).toBe('upcoming');
      // the lookup switches at the boundary
      const later = await t.database.withTenant(1, (tx) => effectiveBaseCost(tx, warehouseId, 1, new Date(Date.parse(end) + 1000)));
      expect(later).toMatchObject({ id: next.body.result.id, baseCostCents: 350 });
      // extending the first one again would run into the next
      const extend = await call(app, 'POST', svc('BaseCostSetting', 'EditEndTime'), admin, { id: currentId, endTime: at(48 * HOUR) });
      expect(extend.status).toBe(409);
      expect(extend.body.error?.message).toContain(`#${next.body.result.id}`);
    });

    it('does not end a setting before its begin, nor in the past once it has been in effect', async () => {
      const early = await call(app, 'POST', svc('BaseCostSetting', 'EditEndTime'), admin, { id: currentId, endTime: at(-2 * HOUR) });
      expect(early.status).toBe(400);
      expect(early.body.error?.validationErrors?.[0]?.members).toEqual(['endTime']);
      const past = await call(app, 'POST', svc('BaseCostSetting', 'EditEndTime'), admin, { id: currentId, endTime: at(-30 * 60_000) });
      expect(past.status).toBe(409);
      expect(past.body.error?.message).toContain('结束时间不能早于现在');
    });

    it('Edit: a setting in effect keeps its amounts (409) but may be switched off; a future one may change', async () => {
      const list = await call(app, 'GET', svc('BaseCostSetting', 'GetBaseCostSettingListList'), admin, { warehouseInfoId: warehouseId, orderType: 1, isEffective: true });
      const current = list.body.result.items.find((s: { id: number }) => s.id === currentId);
      const upcoming = list.body.result.items.find((s: { phase: string }) => s.phase === 'upcoming');
      const body = (s: typeof current) => ({ id: s.id, warehouseInfoId: s.warehouseInfoId, orderType: s.orderType, beginTime: s.beginTime, endTime: s.endTime, isEffective: s.isEffective,
        baseCost: s.baseCost, baseSkuNums: s.baseSkuNums, exceedSkuCost: s.exceedSkuCost, maxSkuCost: s.maxSkuCost, sackPrice: s.sackPrice });

      const changed = await call(app, 'POST', svc('BaseCostSetting', 'Edit'), admin, { ...body(current), baseCost: 9, sackPrice: 1 });
      expect(changed.status).toBe(409);
      expect(changed.body.error?.message).toContain('不能再修改基础费用、包材费');

      const future = await call(app, 'POST', svc('BaseCostSetting', 'Edit'), admin, { ...body(upcoming), baseCost: 3.8, maxSkuCost: 1.5 });
      expect(future.status).toBe(200);
      expect(future.body.result).toMatchObject({ baseCost: 3.8, maxSkuCost: 1.5, phase: 'upcoming' });

      const switchedOff = await call(app, 'POST', svc('BaseCostSetting', 'Edit'), admin, { ...body(current), isEffective: false });
      expect(switchedOff.status).toBe(200);
      expect(switchedOff.body.result).toMatchObject({ isEffective: false, phase: 'disabled', baseCost: 3 });
      expect(await t.database.withTenant(1, (tx) => effectiveBaseCost(tx, warehouseId, 1, new Date()))).toBeNull();
      const back = await call(app, 'POST', svc('BaseCostSetting', 'Edit'), admin, { ...body(current), isEffective: true });
      expect(back.status).toBe(200);
    });

    it('validates amounts (≤ 2 decimals, > 0 for the base cost) and the warehouse with 400 naming the field', async () => {
      const base = { warehouseInfoId: warehouseId, beginTime: at(100 * HOUR), ...issueBaseCost, orderType: 3 };
      const threeDecimals = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { ...base, exceedSkuCost: 0.125 });
      expect(threeDecimals.status).toBe(400);
      expect(threeDecimals.body.error?.validationErrors?.map((e) => e.members).flat()).toContain('exceedSkuCost');
      expect((await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { ...base, baseCost: 0 })).status).toBe(400);
      expect((await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { ...base, sackPrice: -1 })).status).toBe(400);
      expect((await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { ...base, endTime: at(99 * HOUR) })).status).toBe(400);
      const noWarehouse = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { ...base, warehouseInfoId: 99999 });
      expect(noWarehouse.status).toBe(400);
      expect(noWarehouse.body.error?.validationErrors?.[0]?.members).toEqual(['warehouseInfoId']);
      // 0.07 and 1.13 are two-decimal amounts even though binary floats disagree
      const ok = await call(app, 'POST', svc('BaseCostSetting', 'Add'), admin, { ...base, baseCost: 1.13, exceedSkuCost: 0.07 });
      expect(ok.status).toBe(200);
      expect(ok.body.result).toMatchObject({ baseCost: 1.13, exceedSkuCost: 0.07 });
    });

    it('keeps the urgent fee as a tenant setting, default 0', async () => {
      expect(await t.database.withTenant(1, (tx) => urgentFeeCents(tx))).toBe(0);
      expect((await call(app, 'GET', svc('BaseCostSetting', 'GetUrgentFee'), admin)).body.result).toEqual({ urgentFee: 0 });
      const set = await call(app, 'POST', svc('BaseCostSetting', 'EditUrgentFee'), admin, { urgentFee: 2.5 });
      expect(set.body.result).toEqual({ urgentFee: 2.5 });
      expect(await t.database.withTenant(1, (tx) => urgentFeeCents(tx))).toBe(250);
      expect((await call(app, 'POST', svc('BaseCostSetting', 'EditUrgentFee'), admin, { urgentFee: 2.555 })).status).toBe(400);
    });

    it('is staff only: a seller gets 403', async () => {
      expect((await call(app, 'POST', svc('BaseCostSetting', 'Add'), seller, { warehouseInfoId: warehouseId, beginTime: at(200 * HOUR), ...issueBaseCost })).status).toBe(403);
      expect((await call(app, 'GET', svc('BaseCostSetting', 'GetBaseCostSettingListList'), seller)).status).toBe(403);
      expect((await call(app, 'POST', svc('BaseCostSetting', 'EditUrgentFee'), seller, { urgentFee: 0 })).status).toBe(403);
    });
  });

  describe('MainlandFreight', () => {
    let ruleId: number;

    it('adds the issue\'s TW general-cargo rule', async () => {
      const res = await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(-HOUR), ...twGeneral });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({ ...twGeneral, warehouseName: '深圳大陆仓', phase: 'current', endTime: null });
      ruleId = res.body.result.id;
    });

    it.each([
      [{ weight: 1.26 }, 22],
      [{ weight: 1.26, long: 30, wide: 20, high: 20 }, 27],
      [{ weight: 0.5 }, 12],
      [{ weight: 2 }, 27],
      [{ weight: 40 }, 407],
      [{ weight: 0.501 }, 17],
      [{ weight: 1.26, long: 30, wide: 20 }, 22], // two dimensions are not a volume
    ])('GetFreight %o → %d', async (query, total) => {
      const res = await call(app, 'POST', svc('MainlandFreight', 'GetFreight'), admin, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, ...query });
      expect(res.status).toBe(200);
      expect(res.body.result).toBe(total);
    });

    it('the lookup weighing uses gives the same rule in grams and cents', async () => {
      const rule = await t.database.withTenant(1, (tx) => effectiveFreight(tx, warehouseId, 'TW', 1, new Date()));
      expect(rule).toEqual({ id: ruleId, firstWeightGrams: 500, firstWeightPriceCents: 1200, continueWeightGrams: 500, continueWeightCostCents: 500, bulkyParameter: 6000 });
      expect(freightCents(rule!, 1260, { long: 30, wide: 20, high: 20 }).freightCents).toBe(2700);
      expect(await t.database.withTenant(1, (tx) => effectiveFreight(tx, warehouseId, 'TW', 2, new Date()))).toBeNull();
    });

    it('GetFreight without an effective rule is a 409 naming the key; bad weights are 400', async () => {
      const none = await call(app, 'POST', svc('MainlandFreight', 'GetFreight'), admin, { warehouseInfoId: warehouseId, site: 'MY', cargoCategory: 2, weight: 1 });
      expect(none.status).toBe(409);
      expect(none.body.error?.message).toBe('深圳大陆仓·马来西亚·特货 当前没有生效的运费设置，无法计算运费。');
      const decimals = await call(app, 'POST', svc('MainlandFreight', 'GetFreight'), admin, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, weight: 1.2345 });
      expect(decimals.status).toBe(400);
      expect(decimals.body.error?.validationErrors?.[0]?.members).toEqual(['weight']);
      expect((await call(app, 'POST', svc('MainlandFreight', 'GetFreight'), admin, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, weight: 0 })).status).toBe(400);
      expect((await call(app, 'POST', svc('MainlandFreight', 'GetFreight'), admin, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, weight: 1, long: 10.25, wide: 1, high: 1 })).status).toBe(400);
    });

    it('refuses an overlapping rule for the same warehouse, site and category; others are separate keys', async () => {
      const res = await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(HOUR), endTime: at(2 * HOUR), ...twGeneral });
      expect(res.status).toBe(409);
      expect(res.body.error?.message).toContain(`运费设置 #${ruleId}（深圳大陆仓·台湾·普货`);
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(-HOUR), ...twGeneral, cargoCategory: 2, firstWeightPrice: 15 })).status).toBe(200);
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(-HOUR), ...twGeneral, site: 'MY' })).status).toBe(200);
    });

    it('validates weights (≤ 3 decimals, > 0) and the bulky parameter (a positive integer)', async () => {
      const base = { warehouseInfoId: warehouseId, beginTime: at(500 * HOUR), ...twGeneral, site: 'SG' };
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { ...base, firstWeight: 0.5005 })).status).toBe(400);
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { ...base, continueWeight: 0 })).status).toBe(400);
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { ...base, bulkyParameter: 0 })).status).toBe(400);
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { ...base, firstWeightPrice: 12.345 })).status).toBe(400);
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { ...base, site: 'XX' })).status).toBe(400);
    });

    it('Edit of a rule in effect is refused for its prices, EditEndTime closes it', async () => {
      const list = await call(app, 'GET', svc('MainlandFreight', 'GetMainLandFreightList'), admin, { warehouseInfoId: warehouseId, site: 'MY' });
      const my = list.body.result.items[0];
      const edit = await call(app, 'POST', svc('MainlandFreight', 'Edit'), admin, { ...twGeneral, id: my.id, warehouseInfoId: warehouseId, site: 'MY', beginTime: my.beginTime, continueWeightCost: 6 });
      expect(edit.status).toBe(409);
      expect(edit.body.error?.message).toContain('续重价格');
      const end = await call(app, 'POST', svc('MainlandFreight', 'EditEndTime'), admin, { id: my.id, endTime: at(HOUR) });
      expect(end.status).toBe(200);
      expect(end.body.result.phase).toBe('current');
    });

    it('is refused to a seller (403)', async () => {
      expect((await call(app, 'POST', svc('MainlandFreight', 'Add'), seller, { warehouseInfoId: warehouseId, beginTime: at(900 * HOUR), ...twGeneral })).status).toBe(403);
      expect((await call(app, 'POST', svc('MainlandFreight', 'GetFreight'), seller, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, weight: 1 })).status).toBe(403);
    });
  });

  describe('ThirdPartyParameter', () => {
    it('adds, refuses an overlap, switches status and ends a parameter', async () => {
      const first = await call(app, 'POST', svc('MainlandFreight', 'AddThirdPartyParameter'), admin, { warehouseInfoId: warehouseId, site: 'TW', beginTime: at(-HOUR), bulkyParameter: 5000 });
      expect(first.status).toBe(200);
      expect(first.body.result).toMatchObject({ site: 'TW', bulkyParameter: 5000, phase: 'current', warehouseName: '深圳大陆仓' });
      expect(await t.database.withTenant(1, (tx) => effectiveThirdPartyBulky(tx, warehouseId, 'TW', new Date()))).toEqual({ id: first.body.result.id, bulkyParameter: 5000 });

      const overlap = await call(app, 'POST', svc('MainlandFreight', 'AddThirdPartyParameter'), admin, { warehouseInfoId: warehouseId, site: 'TW', beginTime: at(HOUR), bulkyParameter: 8000 });
      expect(overlap.status).toBe(409);
      expect(overlap.body.error?.message).toContain(`第三方参数 #${first.body.result.id}`);

      const off = await call(app, 'POST', `${svc('MainlandFreight', 'EditThirdPartyStatus')}?id=${first.body.result.id}`, admin, {});
      expect(off.status).toBe(200);
      expect(off.body.result.isEffective).toBe(false);
      const second = await call(app, 'POST', svc('MainlandFreight', 'AddThirdPartyParameter'), admin, { warehouseInfoId: warehouseId, site: 'TW', beginTime: at(HOUR), bulkyParameter: 8000 });
      expect(second.status).toBe(200);
      // switching the first back on would now overlap the second
      const on = await call(app, 'POST', `${svc('MainlandFreight', 'EditThirdPartyStatus')}?id=${first.body.result.id}`, admin, {});
      expect(on.status).toBe(409);

      const ended = await call(app, 'POST', svc('MainlandFreight', 'EditThirdPartyEndTime'), admin, { id: second.body.result.id, endTime: at(3 * HOUR) });
      expect(ended.status).toBe(200);
      expect(ended.body.result.endTime).not.toBeNull();
      const list = await call(app, 'GET', svc('MainlandFreight', 'GetThirdPartyParameterList'), admin, { site: 'TW' });
      expect(list.body.result.totalCount).toBe(2);
    });
  });

  describe('FrontMainLandFreight (seller)', () => {
    it('lists the rules in effect now, not future or switched-off ones', async () => {
      await call(app, 'POST', svc('MainlandFreight', 'Add'), admin, { warehouseInfoId: warehouseId, beginTime: at(30 * 24 * HOUR), ...twGeneral, site: 'PH' });
      const res = await call(app, 'GET', svc('FrontMainLandFreight', 'GetFrontMainLandFreightList'), seller, { warehouseInfoId: warehouseId });
      expect(res.status).toBe(200);
      const keys = res.body.result.items.map((r: { site: string; cargoCategory: number }) => `${r.site}-${r.cargoCategory}`).sort();
      expect(keys).toEqual(['MY-1', 'TW-1', 'TW-2']);
      expect(res.body.result.items.find((r: { site: string; cargoCategory: number }) => r.site === 'TW' && r.cargoCategory === 1)).toMatchObject({ firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5 });
    });

    it('GetFreightModel gives the breakdown: chargeable weight, first, continue steps, total', async () => {
      const res = await call(app, 'POST', svc('FrontMainLandFreight', 'GetFreightModel'), seller, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, weight: 1.26, long: 30, wide: 20, high: 20 });
      expect(res.status).toBe(200);
      expect(res.body.result).toMatchObject({
        weight: 1.26, volumeWeight: 2, chargeableWeight: 2, firstWeight: 0.5, firstWeightPrice: 12, continueWeight: 0.5, continueWeightCost: 5,
        continueSteps: 3, continueAmount: 15, total: 27, warehouseName: '深圳大陆仓', bulkyParameter: 6000,
      });
      const plain = await call(app, 'POST', svc('FrontMainLandFreight', 'GetFreightModel'), seller, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, weight: 1.26 });
      expect(plain.body.result).toMatchObject({ volumeWeight: null, chargeableWeight: 1.26, continueSteps: 2, total: 22 });
      const none = await call(app, 'POST', svc('FrontMainLandFreight', 'GetFreightModel'), seller, { warehouseInfoId: warehouseId, site: 'PH', cargoCategory: 1, weight: 1 });
      expect(none.status).toBe(409);
    });

    it('is for sellers: staff without Front.Orders get 403', async () => {
      expect((await call(app, 'POST', svc('FrontMainLandFreight', 'GetFreightModel'), admin, { warehouseInfoId: warehouseId, site: 'TW', cargoCategory: 1, weight: 1 })).status).toBe(403);
    });
  });

  describe('tenancy', () => {
    it('another tenant sees none of these settings and its urgent fee is its own', async () => {
      const host = await signIn(app, 'admin', '123qwe', null);
      const other = await createTenant(app, host);
      const otherAdmin = await signIn(app, 'admin', '123qwe', other.id);
      expect((await call(app, 'GET', svc('BaseCostSetting', 'GetBaseCostSettingListList'), otherAdmin)).body.result.totalCount).toBe(0);
      expect((await call(app, 'GET', svc('MainlandFreight', 'GetMainLandFreightList'), otherAdmin)).body.result.totalCount).toBe(0);
      expect((await call(app, 'GET', svc('BaseCostSetting', 'GetUrgentFee'), otherAdmin)).body.result).toEqual({ urgentFee: 0 });
      // the first tenant's warehouse does not exist for the other tenant
      const add = await call(app, 'POST', svc('BaseCostSetting', 'Add'), otherAdmin, { warehouseInfoId: warehouseId, beginTime: at(-HOUR), ...issueBaseCost });
      expect(add.status).toBe(400);
      expect(add.body.error?.validationErrors?.[0]?.members).toEqual(['warehouseInfoId']);
    });
  });
});
