// 拣货打包's workflow: the open stock orders to pick are kept on the device (BackStockOrder/GetPickList,
// refreshed whenever online), so a picker opens an order by its trade number and checks each product
// barcode against its lines with no network. A wrong product or an extra unit is refused on the spot
// (sound and vibration); a complete order is confirmed through the one offline path
// (BackStockOrder/StockOrderBale with the scans, decision 0022), sent now or queued and replayed once.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { StockOrderDto } from '#shared/contracts/stock-orders.ts';
import { ApiError, useApi } from '../../lib/api.ts';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import type { Verdict } from './scan-box.tsx';
import { readStored, writeStored } from './device-store.ts';
import { inWalkingOrder } from './walking-order.ts';
import { queryOf } from '../../lib/query-of.ts';

const ORDERS_KEY = 'haicang.pick.orders';
const DONE_KEY = 'haicang.pick.done';

export interface PickLine { barCode: string; productSku: string; productName: string; shelfPosition: string | null; quantity: number; picked: number }


/**
 * The order's lines by barcode (a product in two lines, e.g. from a combination, is one line here), in
 * walking order: by shelf location, zone, row, shelf (issue 45 §12).
 */
function linesOf(order: StockOrderDto): PickLine[] {
  const byCode = new Map<string, PickLine>();
  for (const i of order.items) {
    const line = byCode.get(i.barCode) ?? { barCode: i.barCode, productSku: i.productSku, productName: i.productName, shelfPosition: i.shelfPosition, quantity: 0, picked: 0 };
    line.quantity += i.quantity;
    byCode.set(i.barCode, line);
  }
  return inWalkingOrder([...byCode.values()]);
}

export function usePickPack(t: (text: string, ...args: (string | number)[]) => string) {
  const api = useApi();
  const offlineApi = useOfflineApi();
  const [stored] = useState<StockOrderDto[]>(() => readStored<StockOrderDto[]>(ORDERS_KEY, []));
  const [done, setDone] = useState<string[]>(() => readStored<string[]>(DONE_KEY, []));
  // Asked once the screen has painted: the call loads the service registry (zod and every contract,
  // about 45 KB gzipped), which would otherwise count against the floor's first-load budget.
  const later = useAfterFirstScreen();
  const fresh = useQuery(queryOf(api, 'BackStockOrder', 'getPickList', {}, { staleTime: 30_000, enabled: later }));
  // The server's list when there is one (kept on the device for the next offline start), else the kept one.
  const saved = fresh.data?.items ?? stored;
  useEffect(() => {
    if (!fresh.data) return;
    writeStored(ORDERS_KEY, fresh.data.items);
    // What the server no longer lists as waiting needs no local "done" mark any more.
    writeStored(DONE_KEY, readStored<string[]>(DONE_KEY, []).filter((n) => fresh.data.items.some((o) => o.tradeNo === n)));
  }, [fresh.data]);
  const orders = useMemo(() => saved.filter((o) => !done.includes(o.tradeNo)), [saved, done]);

  const [current, setCurrent] = useState<StockOrderDto | null>(null);
  const [lines, setLines] = useState<PickLine[]>([]);
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [confirming, setConfirming] = useState(false);
  const complete = lines.length > 0 && lines.every((l) => l.picked === l.quantity);

  const open = useCallback((code: string) => {
    const order = orders.find((o) => o.tradeNo === code || o.orderNumber === code);
    if (!order) {
      scanFeedback('error');
      setVerdict({ color: 'red', kind: 'unknown-order', title: t('不在待拣货列表中'), hint: t('请扫描待拣货的囤货订单号（联网后列表会刷新）'), code });
      return;
    }
    setCurrent(order);
    setLines(linesOf(order));
    scanFeedback('signed');
    setVerdict({ color: 'blue', kind: 'opened', title: t('请逐件扫描商品条码'), code: order.tradeNo });
  }, [orders, t]);

  const scan = useCallback((code: string) => {
    if (!current) return open(code);
    const line = lines.find((l) => l.barCode === code);
    if (!line) {
      scanFeedback('error');
      setVerdict({ color: 'red', kind: 'wrong', title: t('不是该订单的商品'), hint: t('条码 {0} 不在订单 {1} 中，请放回', code, current.tradeNo), code });
      return;
    }
    if (line.picked >= line.quantity) {
      scanFeedback('error');
      setVerdict({ color: 'red', kind: 'extra', title: t('多了一件'), hint: t('{0} 只需要 {1} 件，请放回', line.productSku, line.quantity), code });
      return;
    }
    const next = lines.map((l) => (l.barCode === code ? { ...l, picked: l.picked + 1 } : l));
    setLines(next);
    scanFeedback('signed');
    const all = next.every((l) => l.picked === l.quantity);
    setVerdict(all
      ? { color: 'green', kind: 'complete', title: t('已拣齐，请确认打包'), code }
      : { color: 'green', kind: 'picked', title: t('{0}：{1}/{2}', line.productSku, line.picked + 1, line.quantity), code });
  }, [current, lines, open, t]);

  const reset = useCallback(() => { setCurrent(null); setLines([]); }, []);

  const confirm = useCallback(async () => {
    if (!current || !complete) return;
    setConfirming(true);
    const tradeNo = current.tradeNo;
    try {
      const sent = await offlineApi.backStockOrder.stockOrderBale(
        { tradeNo, items: lines.map((l) => ({ barCode: l.barCode, quantity: l.picked })) },
        { group: `pick:${tradeNo}`, label: `拣货打包 ${tradeNo}`, once: true },
      );
      setDone((list) => {
        const next = [...list, tradeNo];
        writeStored(DONE_KEY, next);
        return next;
      });
      reset();
      setVerdict(sent.kind === 'queued'
        ? { color: 'indigo', kind: 'queued', title: t('已离线，已排队'), hint: t('{0} 条待同步：联网后自动打包出库', sent.waiting), code: tradeNo }
        : { color: 'green', kind: 'packed', title: t('已打包，库存已出库'), code: tradeNo });
    } catch (err) {
      scanFeedback('error');
      setVerdict({ color: 'red', kind: 'refused', title: t('不能打包'), hint: err instanceof ApiError ? err.message : String(err), code: tradeNo });
    } finally {
      setConfirming(false);
    }
  }, [complete, current, lines, offlineApi, reset, t]);

  return { orders, current, lines, complete, verdict, scan, confirm, confirming, reset, refreshing: fresh.isFetching };
}
