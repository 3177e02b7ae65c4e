// The Shopee Open Platform v2 client (DOMAIN §8): signed calls, the v2 error shape, retries with
// backoff on rate limits and server errors, a timeout per attempt. The transport is the only part
// that differs between the real platform (fetch to SHOPEE_HOST) and the product's fake (mounted on
// this server, reached in-process): paths, parameters, signatures and answers are the platform's.
import { shopeeSign } from './sign.ts';

export interface TransportRequest {
  method: 'GET' | 'POST';
  /** The api path, /api/v2/… */
  path: string;
  query: Record<string, string>;
  body?: unknown;
  timeoutMs: number;
}
export interface TransportResponse { status: number; contentType: string; body: Buffer }
export type ShopeeTransport = (req: TransportRequest) => Promise<TransportResponse>;

/** The real platform (or any host speaking its protocol). */
export function fetchTransport(host: string): ShopeeTransport {
  const base = host.replace(/\/$/, '');
  return async (req) => {
    const url = `${base}${req.path}?${new URLSearchParams(req.query).toString()}`;
    const res = await fetch(url, {
      method: req.method,
      signal: AbortSignal.timeout(req.timeoutMs),
      ...(req.method === 'POST' ? { headers: { 'content-type': 'application/json' }, body: JSON.stringify(req.body ?? {}) } : {}),
    });
    return { status: res.status, contentType: res.headers.get('content-type') ?? '', body: Buffer.from(await res.arrayBuffer()) };
  };
}

/** No platform configured (SHOPEE_HOST unset with DATABASE_URL): every call fails without being made. */
export const noPlatform: ShopeeTransport = async () => {
  throw new ShopeeApiError('error_not_configured', 'SHOPEE_HOST is not set: Shopee is off.', 503, null);
};

/** An answer of the platform with a non-empty `error` (or an HTTP failure without one). */
export class ShopeeApiError extends Error {
  constructor(readonly error: string, message: string, readonly status: number, readonly requestId: string | null) {
    super(`${error}: ${message}`);
  }
  /** The platform throttled the call: nothing was done, the same call may be made again. */
  get isRateLimit(): boolean { return this.status === 429 || /rate_limit|too_many/i.test(this.error); }
  /** A server-side failure or no answer at all: the call may or may not have been done. */
  get isTransient(): boolean { return this.status >= 500 || this.error === 'error_server' || this.error === 'error_network'; }
  /** The token or the authorisation is no longer good: the shop needs the seller again. */
  get isAuth(): boolean { return /auth|access_token|refresh_token|invalid_code|error_permission|shop/i.test(this.error) && !this.isRateLimit; }
}

export interface ShopCredentials { shopId: number; accessToken: string }
export interface TokenAnswer { accessToken: string; refreshToken: string; expireIn: number }
export interface ShopInfo { shopName: string; region: string; authTime: number; expireTime: number }
export interface OrderListPage { orderSns: string[]; more: boolean; nextCursor: string }
export interface OrderDetail {
  order_sn: string; order_status: string; region?: string; update_time: number;
  item_list: { item_name: string; model_sku: string; model_name?: string; model_quantity_purchased: number }[];
  recipient_address?: Record<string, unknown> | null;
}

export interface ClientOptions {
  partnerId: number;
  partnerKey: string;
  transport: ShopeeTransport;
  timeoutMs?: number;
  /** Attempts after the first on a rate limit or server error. */
  retries?: number;
  /** The first backoff; each retry doubles it (with up to 50% jitter). */
  backoffMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

export const API = {
  authPartner: '/api/v2/shop/auth_partner',
  cancelAuthPartner: '/api/v2/shop/cancel_auth_partner',
  tokenGet: '/api/v2/auth/token/get',
  accessTokenGet: '/api/v2/auth/access_token/get',
  shopInfo: '/api/v2/shop/get_shop_info',
  orderList: '/api/v2/order/get_order_list',
  orderDetail: '/api/v2/order/get_order_detail',
  createDocument: '/api/v2/logistics/create_shipping_document',
  documentResult: '/api/v2/logistics/get_shipping_document_result',
  downloadDocument: '/api/v2/logistics/download_shipping_document',
} as const;

/** At most 15 days between time_from and time_to (get_order_list). */
export const ORDER_LIST_WINDOW_S = 15 * 24 * 3600;
/** At most 50 order_sn per get_order_detail call. */
export const DETAIL_BATCH = 50;

export type ShopeeClient = ReturnType<typeof createShopeeClient>;

export function createShopeeClient(o: ClientOptions) {
  const timeoutMs = o.timeoutMs ?? 15_000;
  const retries = o.retries ?? 3;
  const backoffMs = o.backoffMs ?? 500;
  const now = o.now ?? (() => Math.floor(Date.now() / 1000));
  const sleep = o.sleep ?? ((ms: number) => new Promise<void>((r) => setTimeout(r, ms)));

  /** Query parameters of a call signed now (re-signed on every attempt: timestamps age). */
  const signed = (path: string, shop?: ShopCredentials): Record<string, string> => {
    const timestamp = now();
    const sign = shopeeSign(o.partnerKey, { partnerId: o.partnerId, path, timestamp, accessToken: shop?.accessToken, shopId: shop?.shopId });
    return {
      partner_id: String(o.partnerId), timestamp: String(timestamp), sign,
      ...(shop ? { access_token: shop.accessToken, shop_id: String(shop.shopId) } : {}),
    };
  };

  /**
   * One call with its retries. `replayable`: whether a server error or a timeout may be retried —
   * not for the token calls, where a lost answer may already have used up a code or refresh token.
   */
  async function raw(method: 'GET' | 'POST', path: string, opts: { shop?: ShopCredentials; query?: Record<string, string>; body?: unknown; replayable: boolean }): Promise<TransportResponse> {
    for (let attempt = 0; ; attempt++) {
      let failure: ShopeeApiError;
      try {
        const res = await o.transport({ method, path, query: { ...(opts.query ?? {}), ...signed(path, opts.shop) }, body: opts.body, timeoutMs });
        const isJson = res.contentType.includes('json');
        const json = isJson ? parseJson(res.body) : null;
        const error = typeof json?.error === 'string' ? json.error : '';
        if (res.status < 400 && !error) return res;
        failure = new ShopeeApiError(error || `http_${res.status}`, typeof json?.message === 'string' ? json.message : '', res.status,
          typeof json?.request_id === 'string' ? json.request_id : null);
      } catch (err) {
        if (err instanceof ShopeeApiError) throw err;
        const timedOut = err instanceof Error && (err.name === 'TimeoutError' || err.name === 'AbortError');
        failure = new ShopeeApiError('error_network', timedOut ? `no answer within ${timeoutMs} ms` : String(err), 599, null);
      }
      const retry = failure.isRateLimit || (opts.replayable && failure.isTransient);
      if (!retry || attempt >= retries) throw failure;
      const wait = backoffMs * 2 ** attempt;
      await sleep(wait + Math.floor(Math.random() * wait * 0.5));
    }
  }

  async function json<T>(method: 'GET' | 'POST', path: string, opts: Parameters<typeof raw>[2]): Promise<T> {
    const res = await raw(method, path, opts);
    return parseJson(res.body) as T;
  }

  return {
    partnerId: o.partnerId,

    /**
     * The seller's authorisation page: `base` is the platform's host as a browser reaches it. `shopId`
     * (the product's fake only): the shop the page is for, covered by the signature, so an address
     * signed for one shop (or for none) cannot be turned into another's by adding shop_id.
     */
    authPartnerUrl(base: string, redirect: string, path: string = API.authPartner, shopId?: number): string {
      const timestamp = now();
      const sign = shopeeSign(o.partnerKey, { partnerId: o.partnerId, path, timestamp, shopId });
      const q = new URLSearchParams({
        partner_id: String(o.partnerId), timestamp: String(timestamp), sign, ...(shopId !== undefined ? { shop_id: String(shopId) } : {}), redirect,
      });
      return `${base.replace(/\/$/, '')}${path}?${q.toString()}`;
    },

    async getAccessToken(code: string, shopId: number): Promise<TokenAnswer> {
      const r = await json<{ access_token: string; refresh_token: string; expire_in: number }>('POST', API.tokenGet,
        { body: { code, shop_id: shopId, partner_id: o.partnerId }, replayable: false });
      return { accessToken: r.access_token, refreshToken: r.refresh_token, expireIn: r.expire_in };
    },

    /** Uses up refreshToken: the answer's refresh token is the only one that works from now on. */
    async refreshAccessToken(refreshToken: string, shopId: number): Promise<TokenAnswer> {
      const r = await json<{ access_token: string; refresh_token: string; expire_in: number }>('POST', API.accessTokenGet,
        { body: { refresh_token: refreshToken, shop_id: shopId, partner_id: o.partnerId }, replayable: false });
      return { accessToken: r.access_token, refreshToken: r.refresh_token, expireIn: r.expire_in };
    },

    async getShopInfo(shop: ShopCredentials): Promise<ShopInfo> {
      const r = await json<{ shop_name: string; region: string; auth_time: number; expire_time: number }>('GET', API.shopInfo, { shop, replayable: true });
      return { shopName: r.shop_name, region: r.region, authTime: r.auth_time, expireTime: r.expire_time };
    },

    async getOrderList(shop: ShopCredentials, q: { timeFrom: number; timeTo: number; cursor: string; pageSize: number; orderStatus: string }): Promise<OrderListPage> {
      const r = await json<{ response: { order_list: { order_sn: string }[]; more: boolean; next_cursor: string } }>('GET', API.orderList, {
        shop, replayable: true,
        query: {
          time_range_field: 'update_time', time_from: String(q.timeFrom), time_to: String(q.timeTo), page_size: String(q.pageSize),
          cursor: q.cursor, order_status: q.orderStatus,
        },
      });
      return { orderSns: r.response.order_list.map((x) => x.order_sn), more: r.response.more, nextCursor: r.response.next_cursor };
    },

    async getOrderDetail(shop: ShopCredentials, orderSns: readonly string[]): Promise<OrderDetail[]> {
      if (orderSns.length > DETAIL_BATCH) throw new Error(`get_order_detail takes at most ${DETAIL_BATCH} order_sn`);
      const r = await json<{ response: { order_list: OrderDetail[] } }>('GET', API.orderDetail, {
        shop, replayable: true, query: { order_sn_list: orderSns.join(','), response_optional_fields: 'item_list,recipient_address' },
      });
      return r.response.order_list;
    },

    /** Asks for each order's shipping document; answers the per-order failures (empty when all were accepted). */
    async createShippingDocument(shop: ShopCredentials, orderSns: readonly string[]): Promise<{ orderSn: string; failError: string; failMessage: string }[]> {
      const r = await json<{ response: { result_list: { order_sn: string; fail_error?: string; fail_message?: string }[] } }>('POST', API.createDocument, {
        shop, replayable: true, body: { order_list: orderSns.map((order_sn) => ({ order_sn })), shipping_document_type: 'THERMAL_AIR_WAYBILL' },
      });
      return r.response.result_list.filter((x) => x.fail_error).map((x) => ({ orderSn: x.order_sn, failError: x.fail_error ?? '', failMessage: x.fail_message ?? '' }));
    },

    async getShippingDocumentResult(shop: ShopCredentials, orderSns: readonly string[]): Promise<{ orderSn: string; status: string }[]> {
      const r = await json<{ response: { result_list: { order_sn: string; status: string }[] } }>('POST', API.documentResult, {
        shop, replayable: true, body: { order_list: orderSns.map((order_sn) => ({ order_sn })), shipping_document_type: 'THERMAL_AIR_WAYBILL' },
      });
      return r.response.result_list.map((x) => ({ orderSn: x.order_sn, status: x.status }));
    },

    /** The document's bytes (a PDF for one order). */
    async downloadShippingDocument(shop: ShopCredentials, orderSn: string): Promise<{ contentType: string; bytes: Buffer }> {
      const res = await raw('POST', API.downloadDocument, {
        shop, replayable: true, body: { order_list: [{ order_sn: orderSn }], shipping_document_type: 'THERMAL_AIR_WAYBILL' },
      });
      return { contentType: res.contentType, bytes: res.body };
    },
  };
}

function parseJson(body: Buffer): Record<string, unknown> | null {
  try {
    const v: unknown = JSON.parse(body.toString('utf8'));
    return v && typeof v === 'object' ? (v as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}
