// /frontauthorization/cancel — Shopee's "authorisation cancelled" callback (spec 000 §2).
import { createFileRoute } from '@tanstack/react-router';
import { ShopAuthorizationCallback } from '../../features/shops/shop-authorization-callback.tsx';

export const Route = createFileRoute('/frontauthorization/cancel')({
  staticData: { title: '取消店铺授权', public: true },
  component: () => <ShopAuthorizationCallback outcome="cancel" />,
});
