// The payment pages outside the service prefix:
// - GET /pay/test/:ref — the built-in test provider's payment page (plain HTML, marked 测试支付)
//   with 确认支付 / 取消; its buttons POST back here, the provider records the outcome and calls
//   the callback, which settles the order exactly as ConfirmPayment does. The test page credits
//   points without money, so (decision 0018) it opens only for the payer signed in in this browser
//   (the console's enc_auth_token cookie), its buttons need a same-origin request carrying the
//   page's token (bound to the recharge and the payer), and it declines beyond the daily cap.
// - POST /api/Payment/Notify/:provider — the callback a provider calls; it carries only the
//   reference, and the order is settled from what the provider itself answers.
import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { and, eq } from 'drizzle-orm';
import { RECHARGE_STATUS } from '#shared/enums.ts';
import { centsText } from '#shared/money.ts';
import { rechargeOrders } from '#server/db/schema/index.ts';
import type { Db } from '#server/db/client.ts';
import type { Deps } from '../framework.ts';
import { identifyCaller } from './services.ts';
import { lockRecharge, settleRecharge, testCapRefusal } from '../modules/recharge/service.ts';
import { TEST_PROVIDER, type RechargeRow } from '../modules/recharge/payment.ts';

const REF = /^[0-9a-f]{32}$/;
// eslint-disable-next-line no-control-regex -- what the callback must refuse
const CONTROL = /[\u0000-\u001f]/;

const escapeHtml = (s: string) => s.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);

function page(title: string, body: string): string {
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)} - 测试支付</title>
<style>
body{font-family:system-ui,-apple-system,"PingFang SC","Microsoft YaHei",sans-serif;background:#f4f5f7;margin:0;padding:24px;color:#1f2937}
main{max-width:420px;margin:40px auto;background:#fff;border-radius:8px;padding:24px;box-shadow:0 1px 4px rgba(0,0,0,.1)}
.banner{background:#fff4e5;color:#b45309;border:1px solid #f59e0b;border-radius:6px;padding:8px 12px;font-weight:600;margin-bottom:16px}
.amount{font-size:32px;font-weight:700;margin:12px 0}
dl{display:grid;grid-template-columns:auto 1fr;gap:6px 12px;margin:16px 0}dt{color:#6b7280}dd{margin:0}
.actions{display:flex;gap:12px;margin-top:20px}
button{flex:1;padding:10px 0;border-radius:6px;border:1px solid #d1d5db;background:#fff;font-size:15px;cursor:pointer}
button.primary{background:#2563eb;border-color:#2563eb;color:#fff}
a{color:#2563eb}
</style></head>
<body><main>
<div class="banner" role="note">测试支付 · 这是测试模式的支付页面，不会产生真实扣款</div>
${body}
</main></body></html>`;
}

const STATUS_TEXT: Record<number, string> = { 0: '待支付', 1: '已支付', 2: '已关闭' };

function orderPage(order: RechargeRow, message?: string, csrf?: string): string {
  const back = `/amount/recharge?rechargeId=${order.id}`;
  const details = `<h1>海仓积分充值</h1>
<div class="amount">${centsText(order.amountCents)} 积分</div>
<dl><dt>充值单号</dt><dd>R${order.id}</dd><dt>状态</dt><dd id="status">${STATUS_TEXT[order.status] ?? ''}</dd></dl>`;
  if (order.status === RECHARGE_STATUS.pending && order.providerState === 'pending' && csrf) {
    const token = `<input type="hidden" name="csrf" value="${escapeHtml(csrf)}">`;
    return page('支付', `${details}${message ? `<p role="alert">${escapeHtml(message)}</p>` : ''}
<div class="actions">
<form method="post" action="/pay/test/${order.providerRef}/cancel" style="flex:1;display:flex">${token}<button type="submit">取消</button></form>
<form method="post" action="/pay/test/${order.providerRef}/confirm" style="flex:1;display:flex">${token}<button type="submit" class="primary">确认支付</button></form>
</div>`);
  }
  const note = message ?? (order.status === RECHARGE_STATUS.paid ? '支付成功，积分已到账。' : '该充值单已关闭。');
  return page(STATUS_TEXT[order.status] ?? '支付', `${details}<p>${escapeHtml(note)}</p><p><a href="${back}">返回海仓充值页面</a></p>`);
}

function notFoundPage(reply: FastifyReply) {
  return reply.code(404).type('text/html; charset=utf-8').send(page('找不到充值单', '<h1>找不到这笔充值</h1><p>支付链接无效或已过期。</p>'));
}

function refusedPage(reply: FastifyReply, message: string) {
  return reply.code(403).header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
    .send(page('无法支付', `<h1>无法打开这笔支付</h1><p>${escapeHtml(message)}</p><p><a href="/amount/recharge">返回海仓充值页面</a></p>`));
}

const NOT_PAYER = '请在本浏览器登录发起这笔充值的卖家账号，再从海仓充值页面打开支付页面。';

/**
 * A request from this site's own page: the browser says so (Sec-Fetch-Site), or — for a browser that
 * does not send it — its Origin is this server. A request with neither is refused.
 */
function sameOrigin(req: FastifyRequest): boolean {
  const site = req.headers['sec-fetch-site'];
  if (typeof site === 'string') return site === 'same-origin';
  return req.headers.origin === `${req.protocol}://${req.host}`;
}

/** The form field `csrf` of a urlencoded body. */
function formToken(body: unknown): string {
  return typeof body === 'string' ? new URLSearchParams(body).get('csrf') ?? '' : '';
}

export async function registerPayment(app: FastifyInstance, deps: Deps, tokenSecret: string): Promise<void> {
  const { database } = deps;
  const csrfKey = createHash('sha256').update(`haicang-test-payment:${tokenSecret}`).digest();
  /** The page's token: bound to this recharge and its payer, so it is useless on any other. */
  const csrfOf = (order: RechargeRow) => createHmac('sha256', csrfKey).update(`${order.tenantId ?? 0}:${order.id}:${order.userId}`).digest('base64url');
  const csrfMatches = (order: RechargeRow, given: string) => {
    const want = Buffer.from(csrfOf(order));
    const got = Buffer.from(given);
    return got.length === want.length && timingSafeEqual(got, want);
  };

  /**
   * Whether the browser's signed-in user (the console's enc_auth_token cookie; never a bearer header,
   * a page cannot send one) is the order's payer and still active.
   */
  async function isPayer(req: FastifyRequest, order: RechargeRow): Promise<boolean> {
    let principal;
    try {
      ({ principal } = await identifyCaller(deps, req, { allowCookie: true, optional: true }));
    } catch {
      return false; // a token of another tenant than the Abp.TenantId cookie names
    }
    if (!principal || principal.userId !== order.userId || principal.tenantId !== order.tenantId) return false;
    return !!(await deps.currentUsers.get(principal, null));
  }

  /** Which tenant a provider reference belongs to: the only cross-tenant read, by an unguessable key. */
  async function tenantOf(provider: string, providerRef: string): Promise<number | undefined> {
    const [row] = await database.root.select({ tenantId: rechargeOrders.tenantId }).from(rechargeOrders)
      .where(and(eq(rechargeOrders.provider, provider), eq(rechargeOrders.providerRef, providerRef)));
    return row?.tenantId;
  }

  /** The provider callback: settle the order from what the provider answers. */
  async function notify(provider: string, providerRef: string, before?: (order: RechargeRow, tx: Db) => Promise<RechargeRow>): Promise<RechargeRow | null> {
    const tenantId = await tenantOf(provider, providerRef);
    if (tenantId === undefined) return null;
    return database.withTenant(tenantId, async (tx) => {
      let order = await lockRecharge(tx, { provider, providerRef });
      if (!order) return null;
      if (before) order = await before(order, tx);
      return settleRecharge(tx, order, new Date());
    });
  }

  /** The test provider's order behind a page reference, read in its own short transaction. */
  async function testOrder(ref: string): Promise<RechargeRow | undefined> {
    if (!REF.test(ref)) return undefined;
    const tenantId = await tenantOf(TEST_PROVIDER, ref);
    if (tenantId === undefined) return undefined;
    return database.withTenant(tenantId, async (tx) => {
      const [row] = await tx.select().from(rechargeOrders).where(and(eq(rechargeOrders.provider, TEST_PROVIDER), eq(rechargeOrders.providerRef, ref)));
      return row;
    });
  }

  await app.register(async (scope) => {
    // The test page's buttons are plain HTML forms.
    scope.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

    scope.get<{ Params: { ref: string } }>('/pay/test/:ref', { schema: { hide: true } }, async (req, reply) => {
      const order = await testOrder(req.params.ref);
      if (!order) return notFoundPage(reply);
      if (!(await isPayer(req, order))) return refusedPage(reply, NOT_PAYER);
      return reply.header('Cache-Control', 'no-store').type('text/html; charset=utf-8').send(orderPage(order, undefined, csrfOf(order)));
    });

    for (const action of ['confirm', 'cancel'] as const) {
      scope.post<{ Params: { ref: string }; Body: unknown }>(`/pay/test/:ref/${action}`, { schema: { hide: true } }, async (req, reply) => {
        // A form posted by another site (or a script) never reaches the order.
        if (!sameOrigin(req)) return refusedPage(reply, '支付请求必须来自本站的支付页面。');
        // Checked before the order's transaction: on the embedded database a second one would wait for it.
        const found = await testOrder(req.params.ref);
        if (!found) return notFoundPage(reply);
        if (!(await isPayer(req, found)) || !csrfMatches(found, formToken(req.body))) return refusedPage(reply, NOT_PAYER);
        const outcome: { declined: string | null } = { declined: null };
        // The test provider records the payer's choice (once), then calls the product back.
        const order = await notify(TEST_PROVIDER, found.providerRef, async (o, tx) => {
          if (o.providerState !== 'pending' || o.status !== RECHARGE_STATUS.pending) return o;
          if (action === 'confirm') {
            outcome.declined = await testCapRefusal(tx, o.userId, o.amountCents, deps.config.testPaymentDailyCapPoints, new Date(), true);
            if (outcome.declined) return o;
          }
          const [row] = await tx.update(rechargeOrders).set({ providerState: action === 'confirm' ? 'paid' : 'cancelled' })
            .where(eq(rechargeOrders.id, o.id)).returning();
          return row!;
        });
        if (!order) return notFoundPage(reply);
        const { declined } = outcome;
        const message = declined ?? (order.status === RECHARGE_STATUS.paid ? '支付成功，积分已到账。'
          : order.status === RECHARGE_STATUS.closed ? '已取消支付，充值单已关闭。' : undefined);
        return reply.code(declined ? 409 : 200).header('Cache-Control', 'no-store').type('text/html; charset=utf-8')
          .send(orderPage(order, message, csrfOf(order)));
      });
    }

    scope.post<{ Params: { provider: string }; Body: unknown }>('/api/Payment/Notify/:provider', { schema: { hide: true } }, async (req, reply) => {
      const body = (typeof req.body === 'object' && req.body !== null ? req.body : {}) as Record<string, unknown>;
      const ref = typeof body.providerRef === 'string' ? body.providerRef : typeof (req.query as Record<string, unknown>).providerRef === 'string' ? String((req.query as Record<string, unknown>).providerRef) : '';
      // PostgreSQL refuses a NUL in text: a reference or provider name with control characters is no payment of ours.
      if (!ref || ref.length > 64 || CONTROL.test(ref) || CONTROL.test(req.params.provider)) {
        return reply.code(400).send({ ok: false, error: 'providerRef is required' });
      }
      const order = await notify(req.params.provider, ref);
      if (!order) return reply.code(404).send({ ok: false, error: 'unknown payment' });
      return reply.send({ ok: true, status: order.status });
    });
  });
}
