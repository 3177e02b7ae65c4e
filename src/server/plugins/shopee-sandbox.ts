// The product's fake of the Shopee Open Platform v2 (decision 0028), mounted at /shopee-sandbox when
// the fake is on (config.ts: by default only on the embedded database, else SHOPEE_HOST=sandbox): the
// endpoints the client uses, with the platform's signature and timestamp checks, its error shape
// { error, message, request_id }, cursor paging and one-use codes and refresh tokens. The
// authorisation pages take shop_id only when the signature covers it (the shop the seller "logs in"
// as). Two switches exist only here, for the host admin's bearer token alone (issue 42): POST /__seed
// puts shops and orders on the platform (tests, demos), POST /__fail makes the next calls to a path
// fail (rate limits, 5xx). The demo seeder calls seedSandbox in-process.
import { randomBytes } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import type { Deps } from '../framework.ts';
import { authenticate, requestedTenant } from './services.ts';
import type { Db } from '../db/client.ts';
import { API, ORDER_LIST_WINDOW_S, DETAIL_BATCH, type ShopeeTransport } from '../modules/shopee/client.ts';
import { verifyShopeeSign } from '../modules/shopee/sign.ts';
import * as repo from '../modules/shopee-sandbox/repository.ts';
import { renderShippingDocument } from '../modules/shopee-sandbox/document.ts';

export const SANDBOX_PREFIX = '/shopee-sandbox';
const TIMESTAMP_WINDOW_S = 300;
const CODE_LIFETIME_S = 600;
const ACCESS_LIFETIME_S = 4 * 3600;
const REFRESH_LIFETIME_S = 30 * 24 * 3600;
const AUTH_LIFETIME_S = 365 * 24 * 3600;

class PlatformError extends Error {
  constructor(readonly status: number, readonly error: string, message: string) { super(message); }
}
const requestId = () => randomBytes(16).toString('hex');
const token = () => randomBytes(16).toString('hex');
const nowS = () => Math.floor(Date.now() / 1000);

type Query = Record<string, string | undefined>;
const int = (q: Query, name: string): number => {
  const v = q[name];
  if (v === undefined || !/^\d{1,15}$/.test(v)) throw new PlatformError(400, 'error_param', `Wrong parameter ${name}.`);
  return Number(v);
};

/** Text the database can store: no NUL and no lone surrogate (PostgreSQL refuses them in text and jsonb). */
// eslint-disable-next-line no-control-regex -- NUL is what it refuses
const text = (min: number, max: number) => z.string().min(min).max(max).refine((v) => !/\u0000|\p{Cs}/u.test(v), 'must not contain NUL or a lone surrogate');
/** The same for free-form JSON, as it is written (JSON.stringify escapes both). */
const storableJson = (v: unknown) => !/\\u0000|\\ud[89a-f][0-9a-f]{2}/i.test(JSON.stringify(v));
/** Seconds since the epoch, as the fake's integer columns hold them. */
const epoch = z.number().int().nonnegative().max(2_147_483_647);

export const SandboxSeed = z.object({
  shop_id: z.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  shop_name: text(1, 128).optional(),
  region: text(2, 2).optional(),
  orders: z.array(z.object({
    order_sn: text(1, 64),
    order_status: text(1, 32),
    update_time: epoch,
    create_time: epoch.optional(),
    item_list: z.array(z.object({
      model_sku: text(0, 128), item_name: text(1, 256), model_name: text(0, 256).optional(),
      model_quantity_purchased: z.number().int().positive().max(1_000_000),
    })).max(100).default([]),
    recipient_address: z.record(z.string(), z.unknown())
      .refine(storableJson, 'must not contain NUL or a lone surrogate').refine((v) => JSON.stringify(v).length <= 4096, 'is too long')
      .optional(),
  })).max(1000).default([]),
});
export type SandboxSeed = z.input<typeof SandboxSeed>;

/** Puts a shop (and its orders) on the fake platform: __seed's work, also called in-process by the demo seeder. */
export async function seedSandbox(db: Db, seed: SandboxSeed): Promise<{ shop_id: number; orders: number }> {
  const { shop_id, shop_name, region, orders } = SandboxSeed.parse(seed);
  await repo.ensureShop(db, shop_id, shop_name, region);
  await repo.upsertOrders(db, shop_id, orders);
  return { shop_id, orders: orders.length };
}

/** The host's admin role holds it, and no tenant's user can (shared/permissions.ts). */
const HOST_ADMIN_PERMISSION = 'Pages.Tenants';

const FailBody = z.object({
  path: text(1, 200).pipe(z.string().startsWith('/api/v2/')),
  count: z.number().int().min(1).max(100).default(1),
  status: z.number().int().min(400).max(599).default(429),
  error: text(1, 64).optional(),
});

export function registerShopeeSandbox(app: FastifyInstance, deps: Deps): void {
  const { partnerId, partnerKey } = deps.config.shopee;
  const db: Db = deps.database.root;
  /** Failures the next calls to a path answer (this server only: a test or demo switch). */
  const failures = new Map<string, { count: number; status: number; error: string }>();

  const send = (reply: FastifyReply, status: number, body: Record<string, unknown>) =>
    reply.code(status).header('cache-control', 'no-store').send({ request_id: requestId(), error: '', message: '', ...body });

  /** The common checks: an injected failure, the partner, a fresh timestamp, the signature, and the access token of a shop call. */
  async function check(req: FastifyRequest, path: string, kind: 'public' | 'named' | 'shop'): Promise<{ shopId: number } | null> {
    const injected = failures.get(path);
    if (injected) {
      if (--injected.count <= 0) failures.delete(path);
      throw new PlatformError(injected.status, injected.error, injected.status === 429 ? 'Too many requests, please try again later.' : 'Internal error.');
    }
    const q = req.query as Query;
    if (int(q, 'partner_id') !== partnerId) throw new PlatformError(403, 'error_auth', 'Invalid partner_id.');
    const timestamp = int(q, 'timestamp');
    if (Math.abs(nowS() - timestamp) > TIMESTAMP_WINDOW_S) throw new PlatformError(403, 'error_param', 'Invalid timestamp: expired or in the future.');
    const sign = q.sign ?? '';
    if (kind === 'public') {
      if (!verifyShopeeSign(partnerKey, { partnerId, path, timestamp }, sign)) throw new PlatformError(403, 'error_sign', 'Wrong sign.');
      return null;
    }
    if (kind === 'named') {
      // An authorisation page: a shop_id counts only when the signature covers it (the fake's own rule;
      // an address signed for one shop, or for none, cannot be turned into another's).
      const shopId = q.shop_id === undefined ? undefined : int(q, 'shop_id');
      if (!verifyShopeeSign(partnerKey, { partnerId, path, timestamp, shopId }, sign)) throw new PlatformError(403, 'error_sign', 'Wrong sign.');
      return shopId === undefined ? null : { shopId };
    }
    const shopId = int(q, 'shop_id');
    const accessToken = q.access_token ?? '';
    if (!verifyShopeeSign(partnerKey, { partnerId, path, timestamp, accessToken, shopId }, sign)) throw new PlatformError(403, 'error_sign', 'Wrong sign.');
    const grant = await repo.findGrant(db, 'access', accessToken);
    const shop = await repo.getShop(db, shopId);
    if (!grant || grant.shopId !== shopId || grant.expiresAt < nowS()) throw new PlatformError(403, 'invalid_acceess_token', 'Invalid access_token.');
    if (!shop?.authorised) throw new PlatformError(403, 'error_auth', 'The shop has not authorised the partner.');
    return { shopId };
  }

  /** A route whose thrown PlatformError becomes the v2 error shape. */
  const route = (method: 'GET' | 'POST', path: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    app.route({
      method, url: `${SANDBOX_PREFIX}${path}`, schema: { hide: true },
      handler: async (req, reply) => {
        try {
          // Text the database cannot hold (NUL, a lone surrogate) is the caller's error, never a 500.
          if (!storableJson(req.query ?? {}) || !storableJson(req.body ?? {})) throw new PlatformError(400, 'error_param', 'Parameters must not contain NUL.');
          return await handler(req, reply);
        } catch (err) {
          if (err instanceof PlatformError) return send(reply, err.status, { error: err.error, message: err.message });
          req.log.error({ err }, 'shopee sandbox failed');
          return send(reply, 500, { error: 'error_server', message: 'Internal error.' });
        }
      },
    });
  };

  route('GET', API.authPartner, async (req, reply) => {
    const named = await check(req, API.authPartner, 'named');
    const q = req.query as Query;
    let redirect: URL;
    try { redirect = new URL(q.redirect ?? ''); } catch { throw new PlatformError(400, 'error_param', 'Wrong parameter redirect.'); }
    // The seller "logs in" as the shop the signed address named, or as a new shop.
    const shopId = named?.shopId ?? 100_000_000 + Math.floor(Math.random() * 800_000_000);
    await repo.ensureShop(db, shopId, undefined, undefined);
    const now = nowS();
    await repo.setAuthorised(db, shopId, true, now, now + AUTH_LIFETIME_S);
    const code = token();
    await repo.insertGrant(db, 'code', code, shopId, now + CODE_LIFETIME_S);
    redirect.searchParams.set('code', code);
    redirect.searchParams.set('shop_id', String(shopId));
    return reply.code(302).header('cache-control', 'no-store').redirect(redirect.toString());
  });

  route('GET', API.cancelAuthPartner, async (req, reply) => {
    const named = await check(req, API.cancelAuthPartner, 'named');
    const q = req.query as Query;
    let redirect: URL;
    try { redirect = new URL(q.redirect ?? ''); } catch { throw new PlatformError(400, 'error_param', 'Wrong parameter redirect.'); }
    if (!named) throw new PlatformError(400, 'error_param', 'Wrong parameter shop_id.');
    const { shopId } = named;
    if (!await repo.getShop(db, shopId)) throw new PlatformError(404, 'error_shop', 'Shop not found.');
    await repo.setAuthorised(db, shopId, false, null, null);
    redirect.searchParams.set('shop_id', String(shopId));
    return reply.code(302).header('cache-control', 'no-store').redirect(redirect.toString());
  });

  const issueTokens = async (shopId: number) => {
    const now = nowS();
    const access = token();
    const refresh = token();
    await repo.insertGrant(db, 'access', access, shopId, now + ACCESS_LIFETIME_S);
    await repo.insertGrant(db, 'refresh', refresh, shopId, now + REFRESH_LIFETIME_S);
    return { access_token: access, refresh_token: refresh, expire_in: ACCESS_LIFETIME_S };
  };
  const bodyOf = (req: FastifyRequest) => (req.body && typeof req.body === 'object' ? req.body : {}) as Record<string, unknown>;

  route('POST', API.tokenGet, async (req, reply) => {
    await check(req, API.tokenGet, 'public');
    const body = bodyOf(req);
    const shopId = Number(body.shop_id);
    if (typeof body.code !== 'string' || !Number.isSafeInteger(shopId)) throw new PlatformError(400, 'error_param', 'code and shop_id are required.');
    if (Number(body.partner_id) !== partnerId) throw new PlatformError(403, 'error_auth', 'Invalid partner_id.');
    if (!await repo.useGrant(db, 'code', body.code, shopId, nowS())) throw new PlatformError(403, 'error_auth', 'Invalid code.');
    return send(reply, 200, await issueTokens(shopId));
  });

  route('POST', API.accessTokenGet, async (req, reply) => {
    await check(req, API.accessTokenGet, 'public');
    const body = bodyOf(req);
    const shopId = Number(body.shop_id);
    if (typeof body.refresh_token !== 'string' || !Number.isSafeInteger(shopId)) throw new PlatformError(400, 'error_param', 'refresh_token and shop_id are required.');
    if (Number(body.partner_id) !== partnerId) throw new PlatformError(403, 'error_auth', 'Invalid partner_id.');
    // A refresh token works once: the update that marks it used is the only one that can succeed.
    if (!await repo.useGrant(db, 'refresh', body.refresh_token, shopId, nowS())) throw new PlatformError(403, 'error_auth', 'Invalid refresh_token.');
    if (!(await repo.getShop(db, shopId))?.authorised) throw new PlatformError(403, 'error_auth', 'The shop has not authorised the partner.');
    return send(reply, 200, { ...(await issueTokens(shopId)), shop_id: shopId, partner_id: partnerId });
  });

  route('GET', API.shopInfo, async (req, reply) => {
    const { shopId } = (await check(req, API.shopInfo, 'shop'))!;
    const shop = (await repo.getShop(db, shopId))!;
    return send(reply, 200, { shop_name: shop.shopName, region: shop.region, status: 'NORMAL', auth_time: shop.authTime, expire_time: shop.expireTime });
  });

  route('GET', API.orderList, async (req, reply) => {
    const { shopId } = (await check(req, API.orderList, 'shop'))!;
    const q = req.query as Query;
    const field = q.time_range_field;
    if (field !== 'update_time' && field !== 'create_time') throw new PlatformError(400, 'error_param', 'time_range_field must be create_time or update_time.');
    const from = int(q, 'time_from');
    const to = int(q, 'time_to');
    if (to < from || to - from > ORDER_LIST_WINDOW_S) throw new PlatformError(400, 'error_param', 'The time range must be within 15 days.');
    const pageSize = int(q, 'page_size');
    if (pageSize < 1 || pageSize > 100) throw new PlatformError(400, 'error_param', 'page_size must be between 1 and 100.');
    const cursor = q.cursor ?? '';
    if (cursor !== '' && !/^\d{1,9}$/.test(cursor)) throw new PlatformError(400, 'error_param', 'Wrong parameter cursor.');
    const offset = cursor === '' ? 0 : Number(cursor);
    const rows = await repo.listOrders(db, { shopId, field, from, to, status: q.order_status || undefined, offset, limit: pageSize });
    const more = rows.length > pageSize;
    return send(reply, 200, {
      response: { order_list: rows.slice(0, pageSize).map((r) => ({ order_sn: r.orderSn })), more, next_cursor: more ? String(offset + pageSize) : '' },
    });
  });

  route('GET', API.orderDetail, async (req, reply) => {
    const { shopId } = (await check(req, API.orderDetail, 'shop'))!;
    const q = req.query as Query;
    const sns = (q.order_sn_list ?? '').split(',').map((s) => s.trim()).filter(Boolean);
    if (!sns.length || sns.length > DETAIL_BATCH) throw new PlatformError(400, 'error_param', `order_sn_list must hold 1 to ${DETAIL_BATCH} order_sn.`);
    const optional = new Set((q.response_optional_fields ?? '').split(',').map((s) => s.trim()));
    const shop = (await repo.getShop(db, shopId))!;
    const rows = await repo.ordersBySn(db, shopId, sns);
    return send(reply, 200, {
      response: {
        order_list: rows.map((o) => ({
          order_sn: o.orderSn, region: shop.region, order_status: o.orderStatus, update_time: o.updateTime, create_time: o.createTime,
          ...(optional.has('item_list') ? { item_list: o.itemList } : {}),
          ...(optional.has('recipient_address') ? { recipient_address: o.recipientAddress ?? {} } : {}),
        })),
      },
    });
  });

  const orderSnsOf = (req: FastifyRequest): string[] => {
    const list = bodyOf(req).order_list;
    const sns = Array.isArray(list) ? list.map((x) => (x && typeof x === 'object' ? String((x as { order_sn?: unknown }).order_sn ?? '') : '')).filter(Boolean) : [];
    if (!sns.length || sns.length > DETAIL_BATCH) throw new PlatformError(400, 'error_param', `order_list must hold 1 to ${DETAIL_BATCH} orders.`);
    return sns;
  };

  route('POST', API.createDocument, async (req, reply) => {
    const { shopId } = (await check(req, API.createDocument, 'shop'))!;
    const sns = orderSnsOf(req);
    const found = new Map((await repo.ordersBySn(db, shopId, sns)).map((o) => [o.orderSn, o]));
    const result_list = [];
    for (const sn of sns) {
      const o = found.get(sn);
      if (!o) { result_list.push({ order_sn: sn, fail_error: 'logistics.order_not_found', fail_message: 'Order not found.' }); continue; }
      if (o.orderStatus !== 'READY_TO_SHIP' && o.orderStatus !== 'PROCESSED') {
        result_list.push({ order_sn: sn, fail_error: 'logistics.order_status_error', fail_message: `Order status ${o.orderStatus} has no shipping document.` });
        continue;
      }
      await repo.setDocument(db, shopId, sn, 'PROCESSING', 0);
      result_list.push({ order_sn: sn });
    }
    return send(reply, 200, { response: { result_list } });
  });

  route('POST', API.documentResult, async (req, reply) => {
    const { shopId } = (await check(req, API.documentResult, 'shop'))!;
    const sns = orderSnsOf(req);
    const found = new Map((await repo.ordersBySn(db, shopId, sns)).map((o) => [o.orderSn, o]));
    const result_list = [];
    for (const sn of sns) {
      const o = found.get(sn);
      if (!o?.documentStatus) { result_list.push({ order_sn: sn, status: 'FAILED', fail_error: 'logistics.document_not_created', fail_message: 'Create the shipping document first.' }); continue; }
      // PROCESSING on the first look, READY after: a client that does not poll never sees READY.
      const ready = o.documentStatus === 'READY' || o.documentPolls >= 1;
      await repo.setDocument(db, shopId, sn, ready ? 'READY' : 'PROCESSING', o.documentPolls + 1);
      result_list.push({ order_sn: sn, status: ready ? 'READY' : 'PROCESSING' });
    }
    return send(reply, 200, { response: { result_list } });
  });

  route('POST', API.downloadDocument, async (req, reply) => {
    const { shopId } = (await check(req, API.downloadDocument, 'shop'))!;
    const sns = orderSnsOf(req);
    if (sns.length !== 1) throw new PlatformError(400, 'error_param', 'The sandbox downloads one order at a time.');
    const [order] = await repo.ordersBySn(db, shopId, sns);
    if (order?.documentStatus !== 'READY') throw new PlatformError(400, 'logistics.document_not_ready', 'The shipping document is not ready.');
    const shop = (await repo.getShop(db, shopId))!;
    return reply.code(200).type('application/pdf').header('cache-control', 'no-store').send(await renderShippingDocument(order, shop.shopName));
  });

  /**
   * The switches answer the host admin alone: his bearer token, no tenant (a tenant's token, a
   * seller's or none is refused, and the switch does nothing).
   */
  async function isHostAdmin(req: FastifyRequest): Promise<'yes' | 'anonymous' | 'other'> {
    const { principal } = await authenticate(deps, req);
    if (!principal) return 'anonymous';
    const user = principal.tenantId === null && requestedTenant(req) === null ? await deps.currentUsers.get(principal, null) : null;
    return user?.permissions.has(HOST_ADMIN_PERMISSION) ? 'yes' : 'other';
  }

  const control = (path: string, handler: (req: FastifyRequest, reply: FastifyReply) => Promise<unknown>) => {
    app.post(`${SANDBOX_PREFIX}${path}`, { schema: { hide: true } }, async (req, reply) => {
      const who = await isHostAdmin(req);
      if (who === 'anonymous') return send(reply, 401, { error: 'error_auth', message: 'The host admin\'s bearer token is required.' });
      if (who === 'other') return send(reply, 403, { error: 'error_auth', message: 'Only the host admin may use this switch.' });
      return handler(req, reply);
    });
  };

  control('/__seed', async (req, reply) => {
    const parsed = SandboxSeed.safeParse(req.body);
    if (!parsed.success) return send(reply, 400, { error: 'error_param', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    return send(reply, 200, { response: await seedSandbox(db, parsed.data) });
  });

  control('/__fail', async (req, reply) => {
    const parsed = FailBody.safeParse(req.body);
    if (!parsed.success) return send(reply, 400, { error: 'error_param', message: parsed.error.issues.map((i) => `${i.path.join('.')}: ${i.message}`).join('; ') });
    const f = parsed.data;
    failures.set(f.path, { count: f.count, status: f.status, error: f.error ?? (f.status === 429 ? 'error_rate_limit' : 'error_server') });
    return send(reply, 200, {});
  });
}

/** The client's way to the fake on this same server: in-process, no socket (works under app.inject too). */
export function sandboxTransport(app: () => FastifyInstance): ShopeeTransport {
  return async (req) => {
    const url = `${SANDBOX_PREFIX}${req.path}?${new URLSearchParams(req.query).toString()}`;
    let timer: NodeJS.Timeout | undefined;
    const timeout = new Promise<never>((_, reject) => {
      timer = setTimeout(() => reject(Object.assign(new Error('timeout'), { name: 'TimeoutError' })), req.timeoutMs);
    });
    try {
      const res = await Promise.race([
        app().inject({ method: req.method, url, ...(req.method === 'POST' ? { payload: (req.body ?? {}) as object } : {}) }),
        timeout,
      ]);
      return { status: res.statusCode, contentType: String(res.headers['content-type'] ?? ''), body: res.rawPayload };
    } finally {
      clearTimeout(timer);
    }
  };
}
