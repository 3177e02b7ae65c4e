// Menu icon names (MENU_GROUPS, a route's menu.icon) to Tabler icons. Unknown names get a dot, so a
// screen can name an icon before it is added here.
import type { ComponentType } from 'react';
import {
  IconBuildingStore, IconBuildingWarehouse, IconCamera, IconChartBar, IconClipboardCheck, IconClipboardList, IconCoin, IconFileInvoice, IconHome,
  IconMapPin, IconPackage, IconPackages, IconPoint, IconReceipt, IconScan, IconSettings, IconShieldLock, IconShoppingCart,
  IconStack2, IconTruck, IconTruckDelivery, IconUrgent, IconUsers, IconUsersGroup, IconWorld, type IconProps,
} from '@tabler/icons-react';

const ICONS: Record<string, ComponentType<IconProps>> = {
  home: IconHome, scan: IconScan, camera: IconCamera, 'shopping-cart': IconShoppingCart, urgent: IconUrgent, packages: IconPackages,
  package: IconPackage, 'building-store': IconBuildingStore, coin: IconCoin, 'clipboard-list': IconClipboardList,
  world: IconWorld, 'building-warehouse': IconBuildingWarehouse, 'chart-bar': IconChartBar, 'map-pin': IconMapPin,
  receipt: IconReceipt, truck: IconTruck, 'truck-delivery': IconTruckDelivery, settings: IconSettings, users: IconUsers,
  user: IconUsers, 'users-group': IconUsersGroup, role: IconShieldLock, 'shield-lock': IconShieldLock, 'file-invoice': IconFileInvoice,
  stack: IconStack2, 'clipboard-check': IconClipboardCheck,
};

export function MenuIcon({ name, size = 20, stroke = 1.7 }: { name?: string; size?: number; stroke?: number }) {
  const Icon = (name && ICONS[name]) || IconPoint;
  return <Icon size={size} stroke={stroke} aria-hidden />;
}
