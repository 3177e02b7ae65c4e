// What the return scan's answer looks like: a colour, a word, a hint (the verdict, the history and the synced list).
import type { Translate } from '../../lib/i18n.ts';
import type { ReturnScanOutcome } from './use-return-scan.ts';

export interface Look { color: string; title: string; hint?: string }

export function returnLook(outcome: ReturnScanOutcome, t: Translate): Look {
  switch (outcome.kind) {
    case 'pending': return { color: 'blue', title: t('登记中…') };
    case 'queued': return { color: 'indigo', title: t('已离线，已排队'), hint: t('{0} 条待同步：联网后自动登记，结果见“最近同步”', outcome.waiting) };
    case 'refused': return { color: 'red', title: t('未登记'), hint: outcome.message };
    case 'network': return { color: 'red', title: t('网络异常，未登记'), hint: t('单号已保留在扫描框，按 Enter 重试（不会重复登记）') };
    case 'invalid': return { color: 'orange', title: t('单号格式不正确') };
    case 'no-warehouse': return { color: 'orange', title: t('请先选择仓库') };
    case 'done': {
      const r = outcome.result;
      if (r.repeated) return { color: 'gray', title: t('已登记过'), hint: t('此单已登记，本次未重复登记') };
      if ('tradeNo' in r && 'line' in r) return { color: 'green', title: t('已登记拒收'), hint: t('订单号 {0}：放到拒收待处理区', r.orderNumber) };
      return { color: 'green', title: t('已登记退货'), hint: t('放到平台退货区，等卖家选择处理方式') };
    }
  }
}
