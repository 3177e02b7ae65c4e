// /back/packStation — 打包称重: the desktop station where floor staff pack and weigh outbound orders.
// The spec names the calls (WarehouseOrderPacked, GoodsWeigh, UploadPackedBase64Img,
// GetCheckGoodsInfoResult) but no screen of their own; the station sits next to 包裹签收 under /back.
import { createFileRoute } from '@tanstack/react-router';
import { PackStationPage } from '../../../features/pack-station/pack-station-page.tsx';

export const Route = createFileRoute('/_app/back/packStation')({
  staticData: {
    title: '打包称重', permission: 'Order.Manages', side: 'staff',
    menu: { group: 'floor', order: 2, icon: 'package' },
  },
  component: PackStationPage,
});
