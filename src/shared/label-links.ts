// Links to the label PDFs the server draws (/api/File/…, opened in a new tab with the session
// cookie), for every screen that prints one: the order packing label, the 60×40 mm barcode label
// (GetPdfbyte) and the custom label (GetZDYPdf).
const query = (params: Record<string, string | number | boolean | null | undefined>) => {
  const q = new URLSearchParams();
  for (const [k, v] of Object.entries(params)) if (v !== undefined && v !== null && v !== '') q.set(k, String(v));
  return q.toString();
};

/** The 100×100 mm packing label of an order. */
export const orderLabelUrl = (tradeNo: string) => `/api/File/GetOrderLabel?${query({ tradeNo })}`;

/** A 60×40 mm Code 128 label (stock product barcodes): shelf, an image of ours, today's date, the seller's code. */
export const barcodeLabelUrl = (p: { barCode: string; shelfPosition?: string | null; imageUrl?: string | null; isDate?: boolean; userId?: number | null }) =>
  `/api/File/GetPdfbyte?${query(p)}`;

/** A custom 100×100 mm label: an uploaded image over heightPercentage of the page, then the lines of infos. */
export const customLabelUrl = (p: { guid?: string | null; userId?: number | null; heightPercentage?: number; infos: readonly string[] }) =>
  `/api/File/GetZDYPdf?${query({ guid: p.guid, userId: p.userId, heightPercentage: p.heightPercentage, infos: JSON.stringify(p.infos) })}`;
