// Test data for the mainland package screens' component tests.
import type { MainLandPackageDto } from '#shared/contracts/mainland-package.ts';

export const buildPackage = (over: Partial<MainLandPackageDto>): MainLandPackageDto => ({
  id: 1, packageName: '台湾-普货-1', warehouseInfoId: 1, warehouseName: '义乌仓', site: 'TW', cargoCategory: 1, long: 60, wide: 40, high: 30, weight: 12.5,
  mainLandInterNationalShipment: 'YT2611220001', isSend: false, sendTime: null, appointUserId: 3, appointUserName: '小王', createUserId: 1, createUserName: 'admin',
  updateUserId: null, updateUserName: null, createTime: '2026-11-22T02:00:00Z', updateTime: null, orderCount: 2, orders: [
    { id: 11, tradeNo: 'ML26112200001', orderNumber: 'SP-1', userCode: 'S00001', orderStatus: 2, packageStatus: 4 },
    { id: 12, tradeNo: 'ML26112200002', orderNumber: 'SP-2', userCode: 'S00002', orderStatus: 3, packageStatus: 4 },
  ], ...over,
});
