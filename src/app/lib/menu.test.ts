import { describe, expect, it } from 'vitest';
import { createRootRoute, createRoute, createRouter, createMemoryHistory } from '@tanstack/react-router';
import type { MenuGroup } from './menu-groups.ts';
import { buildMenu, buildPageList, floorMenuItems, FREIGHT_COST_RULE, routeEntries, type RouteEntry } from './menu.ts';

const groups: MenuGroup[] = [
  { key: 'home', title: '首页', side: 'any', icon: 'home' },
  { key: 'front', title: '我的订单', side: 'seller', icon: 'shopping-cart' },
  { key: 'back', title: '订单管理', side: 'staff', permission: 'Order.Manages', icon: 'clipboard-list' },
  { key: 'fees', title: '费用设置', side: 'staff', icon: 'receipt' },
  { key: 'setting', title: '系统设置', side: 'staff', permission: 'Pages.Users', icon: 'settings' },
];

const entries: RouteEntry[] = [
  { path: '/main/home', meta: { title: '首页', menu: { group: 'home' } } },
  { path: '/front/orderList', meta: { title: '订单列表', side: 'seller', menu: { group: 'front', order: 1 } } },
  { path: '/back/backOrderList', meta: { title: '订单处理', permission: 'OrderManage.CrossOrderManage', side: 'staff', menu: { group: 'back', order: 2 } } },
  { path: '/back/flow', meta: { title: '流水', side: 'staff', menu: { group: 'back', order: 1 } } },
  { path: '/warehouse/basecostsetting', meta: { title: '基础运费', side: 'staff', menu: { group: 'fees', order: 1 }, ...FREIGHT_COST_RULE } },
  { path: '/warehouse/overseasbasecost', meta: { title: '海外仓费用', side: 'staff', menu: { group: 'fees', order: 2 }, ...FREIGHT_COST_RULE } },
  { path: '/setting/role', meta: { title: '角色管理', permission: 'Pages.Roles', side: 'staff', menu: { group: 'setting', order: 2 } } },
  { path: '/setting/user', meta: { title: '用户管理', permission: 'Pages.Users', side: 'staff', menu: { group: 'setting', order: 1 } } },
  { path: '/frontDisplay/orderDetail', meta: { title: '订单详情' } },
];

const menuOf = (granted: string[], side: 'staff' | 'seller') =>
  buildMenu(entries, { granted: new Set(granted), side }, groups).map((s) => `${s.key}: ${s.items.map((i) => i.path).join(' ')}`);

describe('menu from the route tree (spec 000 §6)', () => {
  it('keeps MENU_GROUPS order and orders children by menu.order', () => {
    expect(menuOf(['Order.Manages', 'OrderManage.CrossOrderManage', 'Pages.Users', 'Pages.Roles'], 'staff')).toEqual([
      'home: /main/home',
      'back: /back/flow /back/backOrderList',
      'fees: /warehouse/basecostsetting /warehouse/overseasbasecost',
      'setting: /setting/user /setting/role',
    ]);
  });

  it('hides a group whose permission the user lacks, whatever its children', () => {
    expect(menuOf(['OrderManage.CrossOrderManage', 'Pages.Roles'], 'staff')).toEqual([
      'home: /main/home',
      'fees: /warehouse/basecostsetting /warehouse/overseasbasecost',
    ]);
  });

  it('filters children by their own permission and drops a group left without children', () => {
    expect(menuOf(['Order.Manages', 'Pages.Users'], 'staff')).toEqual([
      'home: /main/home', 'back: /back/flow', 'fees: /warehouse/basecostsetting /warehouse/overseasbasecost', 'setting: /setting/user',
    ]);
    const onlyFlow = entries.filter((e) => e.path !== '/back/flow');
    expect(buildMenu(onlyFlow, { granted: new Set(['Order.Manages']), side: 'staff' }, groups).map((s) => s.key)).toEqual(['home', 'fees']);
  });

  it('shows a seller the seller and shared groups, and staff the staff and shared groups', () => {
    expect(menuOf(['Order.Manages', 'Pages.Users'], 'seller')).toEqual(['home: /main/home', 'front: /front/orderList']);
    expect(menuOf([], 'staff')).toEqual(['home: /main/home', 'fees: /warehouse/basecostsetting /warehouse/overseasbasecost']);
  });

  it('FreightCost rule: holding the mainland permission without FreightCost hides the freight group', () => {
    const mainland = 'OrderManage.MainLandOrderManage';
    expect(menuOf([mainland], 'staff')).toEqual(['home: /main/home']);
    expect(menuOf([mainland, 'OrderManage.MainLandOrderManage.FreightCost'], 'staff')).toEqual([
      'home: /main/home', 'fees: /warehouse/basecostsetting /warehouse/overseasbasecost',
    ]);
    // Without the mainland permission the rule does not apply.
    expect(menuOf([], 'staff')).toContain('fees: /warehouse/basecostsetting /warehouse/overseasbasecost');
  });

  it('floor screens: the 仓库作业 group\'s, then screens of other groups marked floorScreen, as the menu shows them to the user', () => {
    const floorGroups: MenuGroup[] = [
      { key: 'floor', title: '仓库作业', side: 'staff', icon: 'scan' },
      { key: 'backAbroad', title: '海外仓', side: 'staff', permission: 'Pages.Roles', icon: 'world' },
    ];
    const floorEntries: RouteEntry[] = [
      { path: '/back/packStation', meta: { title: '打包', side: 'staff', menu: { group: 'floor', order: 2 } } },
      { path: '/back/intoLogistics', meta: { title: '签收', side: 'staff', permission: 'OrderManage.ExpressShipmentDelivery', menu: { group: 'floor', order: 1 } } },
      { path: '/backabroad/list', meta: { title: '海外仓包裹', side: 'staff', menu: { group: 'backAbroad', order: 1 } } },
      { path: '/backabroad/station', meta: { title: '海外仓签收', side: 'staff', permission: 'OrderManage.ExpressShipmentDelivery', menu: { group: 'backAbroad', order: 2 }, floorScreen: true } },
    ];
    const paths = (granted: string[]) => floorMenuItems(floorEntries, { granted: new Set(granted), side: 'staff' }, floorGroups).map((i) => i.path);
    expect(paths(['OrderManage.ExpressShipmentDelivery', 'Pages.Roles'])).toEqual(['/back/intoLogistics', '/back/packStation', '/backabroad/station']);
    // Where the menu hides the screen (its own permission, or its group's), the floor home does too.
    expect(paths(['Pages.Roles'])).toEqual(['/back/packStation']);
    expect(paths(['OrderManage.ExpressShipmentDelivery'])).toEqual(['/back/intoLogistics', '/back/packStation']);
  });

  it('builds the page list: groups in order (one child or all of them), then the pages outside the menu', () => {
    expect(buildPageList(entries, groups).map((p) => p.path)).toEqual([
      '/main/home', '/front/orderList', '/back/flow', '/back/backOrderList', '/warehouse/basecostsetting', '/warehouse/overseasbasecost',
      '/setting/user', '/setting/role', '/frontDisplay/orderDetail',
    ]);
  });

  it('reads only the routes that exist in the tree, skipping public, untitled and parameterised ones', () => {
    const root = createRootRoute();
    const app = createRoute({ getParentRoute: () => root, id: '_app' });
    const home = createRoute({ getParentRoute: () => app, path: '/main/home', staticData: { title: '首页', menu: { group: 'home' } } });
    const user = createRoute({ getParentRoute: () => app, path: '/setting/user', staticData: { title: '用户管理', permission: 'Pages.Users', side: 'staff', menu: { group: 'setting' } } });
    const splat = createRoute({ getParentRoute: () => app, path: '$', staticData: { tag: false } });
    const signIn = createRoute({ getParentRoute: () => root, path: '/', staticData: { title: '登录', public: true } });
    const router = createRouter({ routeTree: root.addChildren([signIn, app.addChildren([home, user, splat])]), history: createMemoryHistory() });
    const found = routeEntries(Object.values(router.routesById));
    expect(found.map((e) => e.path).sort()).toEqual(['/main/home', '/setting/user']);
    expect(buildMenu(found, { granted: new Set(['Pages.Users']), side: 'staff' }).map((s) => s.key)).toEqual(['home', 'setting']);
  });
});
