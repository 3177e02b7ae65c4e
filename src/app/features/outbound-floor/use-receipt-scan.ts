// 交接扫描's workflow: the store and logistic method chosen on this device, each scanned trade number
// sent through the one offline path (DeliveryReceipt/Add, decision 0022: sent now or queued, replayed
// once under its Idempotency-Key), the batch's count kept on the device until the batch is closed.
import { useCallback, useState } from 'react';
import type { DeliveryBatchDto } from '#shared/contracts/stock-out.ts';
import { ApiError } from '../../lib/api.ts';
import { scanFeedback } from '../../lib/scanner/index.ts';
import { useOfflineApi } from '../../lib/outbox/offline-api.ts';
import type { Verdict } from './scan-box.tsx';
import { readStored, writeStored } from './device-store.ts';

export interface ReceiptChoice { storeId: number; storeName: string; logisticMethod: string }

const CHOICE_KEY = 'haicang.receipt.choice';
const scansKey = (c: ReceiptChoice) => `haicang.receipt.scans.${c.storeId}.${c.logisticMethod}`;


export function useReceiptScan(t: (text: string, ...args: (string | number)[]) => string) {
  const offlineApi = useOfflineApi();
  const [choice, setChoice] = useState<ReceiptChoice | null>(() => readStored<ReceiptChoice | null>(CHOICE_KEY, null));
  const [scans, setScans] = useState<string[]>(() => (choice ? readStored<string[]>(scansKey(choice), []) : []));
  const [verdict, setVerdict] = useState<Verdict | null>(null);
  const [closed, setClosed] = useState<DeliveryBatchDto | null>(null);
  const [closing, setClosing] = useState(false);

  const choose = useCallback((next: ReceiptChoice | null) => {
    setChoice(next);
    writeStored(CHOICE_KEY, next);
    setScans(next ? readStored<string[]>(scansKey(next), []) : []);
    setVerdict(null);
  }, []);

  const remember = useCallback((c: ReceiptChoice, tradeNo: string) => {
    setScans((list) => {
      const next = list.includes(tradeNo) ? list : [tradeNo, ...list];
      writeStored(scansKey(c), next);
      return next;
    });
  }, []);

  const scan = useCallback(async (tradeNo: string) => {
    if (!choice) {
      scanFeedback('error');
      setVerdict({ color: 'orange', kind: 'no-choice', title: t('请先选择店铺和物流方式'), code: tradeNo });
      return;
    }
    setClosed(null);
    setVerdict({ color: 'blue', kind: 'pending', title: t('提交中…'), code: tradeNo });
    try {
      const sent = await offlineApi.deliveryReceipt.add(
        { storeId: choice.storeId, logisticMethod: choice.logisticMethod, tradeNo },
        // Queued before the batch's close, in order; refused at replay (an order not ready), the close still goes.
        { group: `receipt:${choice.storeId}:${choice.logisticMethod}`, label: `交接 ${tradeNo}`, holdsGroup: false },
      );
      remember(choice, tradeNo);
      if (sent.kind === 'queued') {
        scanFeedback('already');
        setVerdict({ color: 'indigo', kind: 'queued', title: t('已离线，已排队'), hint: t('{0} 条待同步：联网后自动加入交接单', sent.waiting), code: tradeNo });
      } else {
        scanFeedback('signed');
        setVerdict({ color: 'green', kind: 'added', title: t('已加入交接单'), hint: t('批次 {0}', sent.result.batchName), code: tradeNo });
      }
    } catch (err) {
      scanFeedback('error');
      const message = err instanceof ApiError && err.kind === 'http' ? err.message : t('网络异常，未提交，请重扫');
      setVerdict({ color: 'red', kind: 'refused', title: t('不能交接'), hint: message, code: tradeNo });
    }
  }, [choice, offlineApi, remember, t]);

  const close = useCallback(async () => {
    if (!choice) return;
    setClosing(true);
    try {
      const sent = await offlineApi.deliveryReceipt.closeBatch(
        { storeId: choice.storeId, logisticMethod: choice.logisticMethod },
        { group: `receipt:${choice.storeId}:${choice.logisticMethod}`, label: `关闭交接批次 ${choice.storeName} ${choice.logisticMethod}` },
      );
      writeStored(scansKey(choice), []);
      setScans([]);
      if (sent.kind === 'sent') {
        setClosed(sent.result);
        setVerdict({ color: 'green', kind: 'closed', title: t('批次已关闭，{0} 单已出库', sent.result.count), hint: sent.result.batchName });
      } else {
        setVerdict({ color: 'indigo', kind: 'queued', title: t('已离线，关闭已排队'), hint: t('联网后依次提交扫描和关闭') });
      }
    } catch (err) {
      scanFeedback('error');
      setVerdict({ color: 'red', kind: 'refused', title: t('不能关闭'), hint: err instanceof ApiError ? err.message : String(err) });
    } finally {
      setClosing(false);
    }
  }, [choice, offlineApi, t]);

  return { choice, choose, scans, verdict, scan, close, closing, closed };
}
