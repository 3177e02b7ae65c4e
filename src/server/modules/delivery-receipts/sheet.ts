// The hand-over sheet of a delivery-receipt batch (File/GetDeliveryReceip): an A4 PDF the carrier
// signs — batch, store, method, every trade number with its weight, the count and total weight, and
// signature lines for the warehouse and the carrier. Drawn with the labels' pdfkit setup (CJK font).
import { mm, newDoc, printable } from '../labels/render.ts';

export interface HandOverSheet {
  batchName: string; storeName: string; userCode: string | null; logisticMethod: string; isClosed: boolean;
  closedTime: Date | null; printedAt: Date;
  rows: { tradeNo: string; orderNumber: string; weightKg: number | null }[];
}

const when = (d: Date) => new Intl.DateTimeFormat('zh-CN', {
  timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit', hour: '2-digit', minute: '2-digit', hour12: false,
}).format(d);

/** The sheet's table: x and width in mm, and the heading the carrier reads (the screens' words, no field names). */
export const SHEET_COLUMNS = [{ x: 0, w: 12, title: '序号' }, { x: 12, w: 58, title: '订单号' }, { x: 70, w: 80, title: '平台订单号' }, { x: 150, w: 30, title: '重量 (kg)' }] as const;

export async function renderHandOverSheet(s: HandOverSheet): Promise<Buffer> {
  const { doc, done, font } = await newDoc(210, 297, `交接单 ${s.batchName}`);
  const left = mm(15);
  const width = mm(180);
  const bottom = mm(297 - 15);
  const cols = SHEET_COLUMNS;
  const rowHeight = mm(6.5);

  const header = () => {
    font(true).fontSize(18).text(printable('出库交接单'), left, mm(15), { width, align: 'center' });
    font().fontSize(10);
    const facts = [
      `批次：${s.batchName}`, `店铺：${s.storeName}${s.userCode ? `（${s.userCode}）` : ''}`,
      `物流方式：${s.logisticMethod}`, `状态：${s.isClosed ? `已关闭 ${s.closedTime ? when(s.closedTime) : ''}` : '未关闭'}`,
    ];
    facts.forEach((f, i) => font().fontSize(10).text(printable(f), left + (i % 2) * (width / 2), mm(26) + Math.floor(i / 2) * mm(6), { width: width / 2, lineBreak: false, ellipsis: true }));
    return mm(40);
  };
  const tableHead = (y: number) => {
    doc.rect(left, y, width, rowHeight).fill('#eeeeee').fillColor('black');
    for (const c of cols) font(true).fontSize(9).text(printable(c.title), left + mm(c.x + 1.5), y + mm(1.8), { width: mm(c.w - 3), lineBreak: false });
    return y + rowHeight;
  };

  let y = tableHead(header());
  s.rows.forEach((r, i) => {
    if (y + rowHeight > bottom - mm(40)) {
      doc.addPage({ size: [mm(210), mm(297)], margin: 0 });
      y = tableHead(mm(15));
    }
    const cells = [String(i + 1), r.tradeNo, r.orderNumber, r.weightKg === null ? '—' : r.weightKg.toFixed(3)];
    cells.forEach((text, k) => {
      // Trade numbers and weights in a standard font: what a reader (and a test) finds in the page as text.
      const face = k === 2 ? font() : doc.font('Helvetica');
      face.fontSize(9).text(k === 2 ? printable(text) : text, left + mm(cols[k]!.x + 1.5), y + mm(1.8), { width: mm(cols[k]!.w - 3), lineBreak: false, ellipsis: true });
    });
    doc.moveTo(left, y + rowHeight).lineTo(left + width, y + rowHeight).lineWidth(0.3).strokeColor('#999999').stroke().strokeColor('black');
    y += rowHeight;
  });

  const totalKg = s.rows.reduce((sum, r) => sum + (r.weightKg ?? 0), 0);
  y += mm(4);
  font(true).fontSize(11).text(printable(`合计：${s.rows.length} 单，总重量 ${totalKg.toFixed(3)} kg`), left, y, { width, lineBreak: false });
  y += mm(14);
  for (const [i, who] of ['仓库交接人', '承运商签收人'].entries()) {
    const x = left + i * (width / 2);
    font().fontSize(10).text(printable(`${who}：`), x, y, { lineBreak: false });
    doc.moveTo(x + mm(26), y + mm(4.5)).lineTo(x + mm(80), y + mm(4.5)).lineWidth(0.6).stroke();
    font().fontSize(10).text(printable('日期：'), x, y + mm(10), { lineBreak: false });
    doc.moveTo(x + mm(26), y + mm(14.5)).lineTo(x + mm(80), y + mm(14.5)).lineWidth(0.6).stroke();
  }
  font().fontSize(8).fillColor('#555555').text(printable(`打印于 ${when(s.printedAt)}`), left, bottom - mm(4), { width, align: 'right', lineBreak: false });
  doc.end();
  return done;
}
