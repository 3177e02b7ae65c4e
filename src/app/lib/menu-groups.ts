// The left menu's groups, in order (spec 000 §2, §6). A group's permission hides the whole group;
// a group without one is visible to everyone of its side who can see at least one child.
import type { PermissionName } from '#shared/permissions.ts';
import type { MenuGroupKey } from './route-meta.ts';

export interface MenuGroup { key: MenuGroupKey; title: string; side: 'staff' | 'seller' | 'any'; permission?: PermissionName; icon: string }

export const MENU_GROUPS: readonly MenuGroup[] = [
  { key: 'home', title: '首页', side: 'any', icon: 'home' },
  { key: 'floor', title: '仓库作业', side: 'staff', icon: 'scan' },
  { key: 'front', title: '我的订单', side: 'seller', icon: 'shopping-cart' },
  { key: 'frontUrgent', title: '加急订单', side: 'seller', permission: 'Urgent.Order', icon: 'urgent' },
  { key: 'frontStock', title: '我的囤货', side: 'seller', icon: 'packages' },
  { key: 'frontAbroad', title: '海外仓', side: 'seller', permission: 'Front.Abroad', icon: 'world' },
  { key: 'shops', title: '店铺授权', side: 'seller', icon: 'building-store' },
  { key: 'amount', title: '我的积分', side: 'seller', icon: 'coin' },
  { key: 'backUrgent', title: '加急订单', side: 'staff', permission: 'Urgent.Order', icon: 'urgent' },
  { key: 'back', title: '订单管理', side: 'staff', permission: 'Order.Manages', icon: 'clipboard-list' },
  { key: 'backAbroad', title: '海外仓', side: 'staff', icon: 'world' },
  { key: 'backStock', title: '囤货管理', side: 'staff', permission: 'warehouse.Stock', icon: 'building-warehouse' },
  { key: 'statistics', title: '统计报表', side: 'staff', permission: 'Statistical.Manages', icon: 'chart-bar' },
  { key: 'store', title: '店铺地址', side: 'staff', icon: 'map-pin' },
  { key: 'warehouse', title: '仓库管理', side: 'staff', permission: 'warehouse.Manages', icon: 'building-warehouse' },
  { key: 'fees', title: '费用设置', side: 'staff', permission: 'warehouse.Manages', icon: 'receipt' },
  { key: 'courier', title: '快递员', side: 'staff', permission: 'OrderManage', icon: 'truck' },
  { key: 'setting', title: '系统设置', side: 'staff', permission: 'Pages.Users', icon: 'settings' },
];
