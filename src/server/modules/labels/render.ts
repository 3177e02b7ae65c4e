// Label PDFs drawn on the server (pdfkit, barcodes by bwip-js): the 100×100 mm packing label of an
// order, the 60×40 mm barcode label (GetPdfbyte) and shelf labels (GetShelfLabel), and the custom label
// (GetZDYPdf). Sizes are exact in millimetres; Chinese text needs a CJK font installed on the machine (see fonts.ts). pdfkit
// and bwip-js are loaded on first use so an idle server does not carry them.
import type PDFDocument from 'pdfkit';
import { cjkFont } from './fonts.ts';

export const MM = 72 / 25.4;
export const mm = (v: number) => Math.round(v * MM * 100) / 100;

export type Doc = InstanceType<typeof PDFDocument>;

/** A new PDF of widthMm × heightMm with the CJK font registered (when installed); `done` resolves to its bytes. */
export async function newDoc(widthMm: number, heightMm: number, title: string): Promise<{ doc: Doc; done: Promise<Buffer>; font: (bold?: boolean) => Doc }> {
  const { default: PDFDocument } = await import('pdfkit');
  // Uncompressed: a label is a few kilobytes either way, and the text stays greppable.
  const doc = new PDFDocument({ size: [mm(widthMm), mm(heightMm)], margin: 0, compress: false, autoFirstPage: true, info: { Title: title, Producer: 'Haicang' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  const cjk = cjkFont();
  if (cjk) doc.registerFont('cjk', cjk.path, cjk.postscriptName);
  const font = (bold = false) => doc.font(cjk ? 'cjk' : bold ? 'Helvetica-Bold' : 'Helvetica');
  return { doc, done, font };
}

/** Text for the current font: without a CJK font, characters outside Latin-1 become '?'. */
export function printable(s: string): string {
  return cjkFont() ? s : s.replace(/[^\x20-\xff]/g, '?');
}

/** A Code 128 barcode as a PNG (bwip-js), drawn without its text: the caller prints that itself. */
export async function code128Png(text: string, heightMm: number): Promise<Buffer> {
  const { default: bwipjs } = await import('bwip-js/node');
  return bwipjs.toBuffer({ bcid: 'code128', text, scale: 4, height: heightMm, includetext: false, paddingwidth: 0, paddingheight: 0 });
}

/** The height a barcode PNG takes when drawn as large as fits in the box without distortion. */
function barcodeHeight(png: Buffer, maxWidth: number, maxHeight: number): number {
  const w = png.readUInt32BE(16);
  const h = png.readUInt32BE(20);
  return h * Math.min(maxWidth / w, maxHeight / h);
}

/** Draws a barcode PNG centred across the box, as large as fits without distortion; returns its height. */
function drawBarcode(doc: Doc, png: Buffer, x: number, y: number, maxWidth: number, maxHeight: number): number {
  const w = png.readUInt32BE(16);
  const h = png.readUInt32BE(20);
  const scale = Math.min(maxWidth / w, maxHeight / h);
  doc.image(png, x + (maxWidth - w * scale) / 2, y, { width: w * scale, height: h * scale });
  return h * scale;
}

const dateOf = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Shanghai', year: 'numeric', month: '2-digit', day: '2-digit' }).format(d);

export interface OrderLabelData {
  tradeNo: string; orderNumber: string; userCode: string; storeName: string; siteLabel: string; warehouseName: string;
  cargoLabel: string; shelfNumber: string | null; isUrgent: boolean; orderTypeLabel: string;
  lines: { productName: string; productSku: string; specification: string | null; quantity: number }[];
  printedAt: Date;
}

/** The packing label of an order, 100×100 mm. */
export async function renderOrderLabel(o: OrderLabelData): Promise<Buffer> {
  return renderOrderLabels([o], `${o.tradeNo} 面单`);
}

/** The packing labels of several orders as one PDF, a 100×100 mm page each (issue 44 §5). */
export async function renderOrderLabels(list: readonly OrderLabelData[], title: string): Promise<Buffer> {
  const { doc, done, font } = await newDoc(100, 100, title);
  for (const [i, o] of list.entries()) {
    if (i > 0) doc.addPage({ size: [mm(100), mm(100)], margin: 0 });
    await drawOrderLabel(doc, font, o);
  }
  doc.end();
  return done;
}

async function drawOrderLabel(doc: Doc, font: (bold?: boolean) => Doc, o: OrderLabelData): Promise<void> {
  const W = mm(100);
  const pad = mm(4);
  const inner = W - 2 * pad;

  // Header: warehouse and order type; the urgent mark as a black box on the right.
  font().fontSize(9).fillColor('black').text(printable(`${o.warehouseName} · ${o.orderTypeLabel} · ${o.cargoLabel}`), pad, pad, { width: inner - mm(20), lineBreak: false, ellipsis: true });
  if (o.isUrgent) {
    doc.rect(W - pad - mm(18), pad - mm(1), mm(18), mm(7)).fill('black');
    font(true).fontSize(12).fillColor('white').text(printable('加急'), W - pad - mm(18), pad, { width: mm(18), align: 'center', lineBreak: false });
    doc.fillColor('black');
  }

  // Seller code and site, large: what the packer reads from across the table.
  doc.font('Helvetica-Bold').fontSize(26).text(o.userCode, pad, pad + mm(7), { lineBreak: false });
  font(true).fontSize(16).text(printable(o.siteLabel), pad + mm(45), pad + mm(9), { width: inner - mm(45), align: 'right', lineBreak: false });

  // The trade number as Code 128 with its text.
  const barTop = pad + mm(19);
  const barHeight = drawBarcode(doc, await code128Png(o.tradeNo, 8), pad + mm(2), barTop, inner - mm(4), mm(16));
  doc.font('Courier-Bold').fontSize(13).text(o.tradeNo, pad, barTop + barHeight + mm(1), { width: inner, align: 'center', lineBreak: false });

  // Order facts.
  let y = barTop + barHeight + mm(7);
  doc.moveTo(pad, y).lineTo(W - pad, y).lineWidth(0.6).stroke();
  y += mm(1.5);
  font().fontSize(8);
  const fact = (label: string, value: string, x: number, width: number) =>
    font().fontSize(8).text(printable(`${label}：${value}`), x, y, { width, lineBreak: false, ellipsis: true });
  fact('订单号', o.orderNumber, pad, inner / 2);
  fact('店铺', o.storeName, pad + inner / 2, inner / 2);
  y += mm(4);
  fact('暂存位', o.shelfNumber ?? '—', pad, inner / 2);
  fact('件数', String(o.lines.reduce((n, l) => n + l.quantity, 0)), pad + inner / 2, inner / 2);
  y += mm(4.5);
  doc.moveTo(pad, y).lineTo(W - pad, y).lineWidth(0.6).stroke();
  y += mm(1.5);

  // Lines, as many as fit; the rest counted.
  const bottom = mm(100) - pad - mm(4);
  const lineHeight = mm(3.8);
  const fit = Math.max(0, Math.floor((bottom - y) / lineHeight));
  const shown = o.lines.length > fit ? o.lines.slice(0, Math.max(0, fit - 1)) : o.lines;
  for (const l of shown) {
    const spec = l.specification ? ` ${l.specification}` : '';
    const sku = l.productSku ? ` [${l.productSku}]` : '';
    font().fontSize(8).text(printable(`${l.productName}${spec}${sku}`), pad, y, { width: inner - mm(12), lineBreak: false, ellipsis: true });
    doc.font('Helvetica-Bold').fontSize(9).text(`x${l.quantity}`, W - pad - mm(12), y, { width: mm(12), align: 'right', lineBreak: false });
    y += lineHeight;
  }
  if (shown.length < o.lines.length) font().fontSize(8).text(printable(`……另有 ${o.lines.length - shown.length} 种商品`), pad, y, { lineBreak: false });

  font().fontSize(7).fillColor('#333').text(printable(`打印于 ${dateOf(o.printedAt)}`), pad, mm(100) - pad - mm(3), { width: inner, align: 'right', lineBreak: false });
  doc.fillColor('black');
}

export interface BarcodeLabelData {
  barCode: string; shelfPosition: string | null; userCode: string | null; date: Date | null; image: Buffer | null;
  /** A line under the barcode (a stock product's SKU and name). */
  caption?: string | null;
  /** Identical pages, one label per item (default 1). */
  copies?: number;
}

/** A 60×40 mm product barcode label (GetPdfbyte), `copies` pages of it. */
export async function renderBarcodeLabel(l: BarcodeLabelData): Promise<Buffer> {
  const { doc, done, font } = await newDoc(60, 40, `${l.barCode} 条码`);
  const pad = mm(2.5);
  const W = mm(60);
  const imageWidth = l.image ? mm(12) : 0;
  const inner = W - 2 * pad;
  const png = await code128Png(l.barCode, 13);
  for (let page = 0; page < (l.copies ?? 1); page++) {
    if (page > 0) doc.addPage();
    if (l.userCode) doc.font('Helvetica-Bold').fontSize(10).text(l.userCode, pad, pad, { lineBreak: false });
    if (l.shelfPosition) {
      const x = pad + mm(l.userCode ? 16 : 0);
      font(true).fontSize(9).text(printable(`货架 ${l.shelfPosition}`), x, pad + 0.5, { width: W - pad - imageWidth - x, lineBreak: false, ellipsis: true });
    }
    if (l.image) {
      try {
        doc.image(l.image, W - pad - imageWidth, pad, { fit: [imageWidth, mm(12)], align: 'right' });
      } catch {
        // an image pdfkit cannot read is left off; the barcode is what matters
      }
    }
    // The barcode, its text, the caption and the date as one block, centred in what the header leaves.
    const top = pad + mm(l.image ? 13 : 5.5);
    const below = mm(4.6) + (l.caption ? mm(3.5) : 0) + (l.date ? mm(3.5) : 0);
    const space = mm(40) - pad - top;
    const barTop = top + Math.max(0, (space - barcodeHeight(png, inner, space - below) - below) / 2);
    const barHeight = drawBarcode(doc, png, pad, barTop, inner, space - below);
    let y = barTop + barHeight + mm(0.8);
    doc.font('Courier-Bold').fontSize(l.barCode.length > 20 ? 7 : 9).text(l.barCode, pad, y, { width: inner, align: 'center', lineBreak: false });
    y += mm(3.8);
    if (l.caption) {
      font().fontSize(7).text(printable(l.caption), pad, y, { width: inner, align: 'center', lineBreak: false, ellipsis: true });
      y += mm(3.5);
    }
    if (l.date) doc.font('Helvetica').fontSize(7).text(dateOf(l.date), pad, y, { width: inner, align: 'center', lineBreak: false });
  }
  doc.end();
  return done;
}

/** Shelf labels, 60×40 mm, one page per position: the position large, its Code 128 and the warehouse. */
export async function renderShelfLabels(s: { warehouseName: string; positions: readonly string[] }): Promise<Buffer> {
  const { doc, done, font } = await newDoc(60, 40, `${s.warehouseName} 货架标签`);
  const pad = mm(2.5);
  const inner = mm(60) - 2 * pad;
  for (const [i, position] of s.positions.entries()) {
    if (i > 0) doc.addPage();
    font().fontSize(7).text(printable(s.warehouseName), pad, pad, { width: inner, lineBreak: false, ellipsis: true });
    doc.font('Helvetica-Bold').fontSize(position.length > 12 ? 16 : 22).text(position, pad, pad + mm(3.5), { width: inner, align: 'center', lineBreak: false });
    const png = await code128Png(position, 10);
    drawBarcode(doc, png, pad, pad + mm(14), inner, mm(40) - 2 * pad - mm(14));
  }
  doc.end();
  return done;
}

export interface CustomLabelData { image: Buffer | null; heightPercentage: number; infos: string[]; userCode: string | null }

/**
 * A custom 100×100 mm label (GetZDYPdf): the image (a label or product photo) fills the top
 * heightPercentage of the page, the lines of `infos` share the rest, as large as they fit.
 */
export async function renderCustomLabel(c: CustomLabelData): Promise<Buffer> {
  const { doc, done, font } = await newDoc(100, 100, '自定义面单');
  const pad = mm(3);
  const W = mm(100);
  const H = mm(100);
  const inner = W - 2 * pad;
  let y = pad;
  if (c.image) {
    const h = (H - 2 * pad) * (c.heightPercentage / 100);
    doc.image(c.image, pad, y, { fit: [inner, h], align: 'center', valign: 'center' });
    y += h + mm(1);
    doc.moveTo(pad, y).lineTo(W - pad, y).lineWidth(0.5).stroke();
    y += mm(1);
  }
  const lines = c.userCode ? [...c.infos, c.userCode] : c.infos;
  const space = H - pad - y;
  const size = Math.max(6, Math.min(14, (space / Math.max(1, lines.length)) / 1.25));
  for (const line of lines) {
    if (y + size > H - pad) break;
    font().fontSize(size).text(printable(line), pad, y, { width: inner, lineBreak: false, ellipsis: true });
    y += size * 1.25;
  }
  doc.end();
  return done;
}
