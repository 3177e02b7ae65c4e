// /frontauthorization/success?shop_id=…&code=… — Shopee's authorisation callback (spec 000 §2).
import { createFileRoute } from '@tanstack/react-router';
import { ShopAuthorizationCallback } from '../../features/shops/shop-authorization-callback.tsx';

export const Route = createFileRoute('/frontauthorization/success')({
  staticData: { title: '店铺授权', public: true },
  component: () => <ShopAuthorizationCallback outcome="success" />,
});
