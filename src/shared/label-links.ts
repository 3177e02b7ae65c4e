// Links to the label PDFs the server draws (File/GetOrderLabel, GetPdfbyte, GetZDYPdf, opened in a new
// tab with the session cookie), for every screen that prints one.
import { fileUrl } from './file-links.ts';

/** The 100×100 mm packing label of an order. */
export const orderLabelUrl = (tradeNo: string) => fileUrl('getOrderLabel', { tradeNo });

/** A 60×40 mm Code 128 label (stock product barcodes): shelf, an image of ours, today's date, the seller's code. */
export const barcodeLabelUrl = (p: { barCode: string; shelfPosition?: string | null; imageUrl?: string | null; isDate?: boolean; userId?: number | null }) =>
  fileUrl('getPdfbyte', { barCode: p.barCode, shelfPosition: p.shelfPosition ?? undefined, imageUrl: p.imageUrl ?? undefined, isDate: p.isDate, userId: p.userId ?? undefined });

/** A custom 100×100 mm label: an uploaded image over heightPercentage of the page, then the lines of infos. */
export const customLabelUrl = (p: { guid?: string | null; userId?: number | null; heightPercentage?: number; infos: readonly string[] }) =>
  fileUrl('getZDYPdf', { guid: p.guid ?? undefined, userId: p.userId ?? undefined, heightPercentage: p.heightPercentage, infos: JSON.stringify(p.infos) });

/** A stock product's 60×40 mm barcode label (its barcode, shelf, seller code, SKU and name), `copies` pages. */
export const stockProductLabelUrl = (p: { stockProductId: number; copies?: number; isDate?: boolean }) =>
  fileUrl('getPdfbyte', { stockProductId: p.stockProductId, copies: p.copies, isDate: p.isDate });

/** 60×40 mm shelf labels for the existing shelves of a warehouse from shelfPosition to endShelfPosition. */
export const shelfLabelUrl = (p: { warehouseInfoId: number; shelfPosition: string; endShelfPosition?: string | null }) =>
  fileUrl('getShelfLabel', { warehouseInfoId: p.warehouseInfoId, shelfPosition: p.shelfPosition, endShelfPosition: p.endShelfPosition ?? undefined });
