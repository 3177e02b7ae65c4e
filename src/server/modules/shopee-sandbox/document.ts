// The fake platform's shipping document: a real one-page PDF (100×150 mm, the thermal air waybill's
// size) naming the order, so what the product stores and serves can be opened like Shopee's.
import type { SandboxOrder } from './repository.ts';

const MM = 72 / 25.4;

export async function renderShippingDocument(order: SandboxOrder, shopName: string): Promise<Buffer> {
  const { default: PDFDocument } = await import('pdfkit');
  const doc = new PDFDocument({ size: [100 * MM, 150 * MM], margin: 8 * MM, compress: false, info: { Title: `AWB ${order.orderSn}`, Producer: 'Shopee sandbox' } });
  const chunks: Buffer[] = [];
  const done = new Promise<Buffer>((resolve, reject) => {
    doc.on('data', (c: Buffer) => chunks.push(c));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);
  });
  // Helvetica has Latin-1 only: anything else prints as '?', the order number is what matters.
  const latin = (s: string) => s.replace(/[^\x20-\xff]/g, '?');
  doc.font('Helvetica-Bold').fontSize(16).text('SHOPEE SANDBOX AIR WAYBILL');
  doc.moveDown().font('Helvetica').fontSize(11);
  doc.text(`Order SN: ${order.orderSn}`);
  doc.text(`Shop: ${latin(shopName)} (${order.shopId})`);
  doc.text(`Tracking: SBX${order.orderSn.slice(-10)}`);
  doc.moveDown();
  for (const item of order.itemList) doc.text(`${latin(item.model_sku || item.item_name)} x ${item.model_quantity_purchased}`);
  doc.end();
  return done;
}
