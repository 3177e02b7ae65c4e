// Card payment providers (DOMAIN §5). A recharge order is paid at a provider; the product only asks
// the provider what happened (ConfirmPayment, and the provider's callback), never trusts the caller.
// The built-in test-mode provider is the default on the embedded database only (decision 0018): its
// payment page is served by this product, clearly marked 测试支付, and credits points without money.
// A real provider is another adapter of this interface chosen by PAYMENT_PROVIDER.
import { randomBytes } from 'node:crypto';
import type { Db } from '#server/db/client.ts';
import type { Config } from '#server/config.ts';
import { rechargeOrders } from '#server/db/schema/index.ts';

export type RechargeRow = typeof rechargeOrders.$inferSelect;
export type PaymentOutcome = 'pending' | 'paid' | 'cancelled';

export interface PaymentProvider {
  /** Stored on each recharge order; the callback URL names it. */
  readonly name: string;
  /** Opens a payment for the amount at the provider: its reference and the page the seller pays on. */
  createPayment(p: { amountCents: number; description: string }): Promise<{ providerRef: string; paymentUrl: string }>;
  /** What the provider knows about the payment now. `tx` is the request transaction holding the order's row lock. */
  queryPayment(order: RechargeRow, tx: Db): Promise<PaymentOutcome>;
}

export const TEST_PROVIDER = 'test';

/** The test provider keeps its own record in the order row's providerState. */
export const testProvider: PaymentProvider = {
  name: TEST_PROVIDER,
  async createPayment() {
    const providerRef = randomBytes(16).toString('hex');
    return { providerRef, paymentUrl: `/pay/test/${providerRef}` };
  },
  async queryPayment(order) {
    return order.providerState === 'paid' ? 'paid' : order.providerState === 'cancelled' ? 'cancelled' : 'pending';
  },
};

const PROVIDERS: Record<string, PaymentProvider> = { [TEST_PROVIDER]: testProvider };

/** The provider new recharges use (PAYMENT_PROVIDER, checked at start), or null when online recharge is off. */
export function currentProvider(config: Pick<Config, 'paymentProvider'>): PaymentProvider | null {
  return config.paymentProvider === 'none' ? null : PROVIDERS[config.paymentProvider] ?? null;
}

/** The provider an existing order was created with. */
export function providerOf(order: RechargeRow): PaymentProvider {
  const provider = PROVIDERS[order.provider];
  if (!provider) throw new Error(`recharge ${order.id}: unknown payment provider ${order.provider}`);
  return provider;
}
