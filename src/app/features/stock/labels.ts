// The stock labels the server draws as PDFs, opened in a new tab (the session cookie signs the link):
// a stock product's 60×40 mm barcode labels (File/GetPdfbyte?stockProductId: its Code 128 barcode, shelf,
// SKU and seller code, with today's date), one page per item to stick on.
import { fileUrl } from '#shared/file-links.ts';

/** The most pages one label PDF prints (the contract's limit). */
export const MAX_LABEL_COPIES = 500;

export function openProductLabels(stockProductId: number, copies = 1): void {
  const pages = Math.min(MAX_LABEL_COPIES, Math.max(1, copies));
  window.open(fileUrl('getPdfbyte', { stockProductId, copies: pages, isDate: true }), '_blank', 'noopener');
}
