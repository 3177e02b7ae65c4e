// ExpressImport (issue 4 §5): staff import declared tracking numbers from an xlsx (File/ImportExpress,
// a multipart upload declared in file.ts) and list the imports here.
import { z } from 'zod';
import { defineService } from './define.ts';
import { paged, pagedResult } from './common.ts';

/** One row of the sheet that was skipped or failed, with its row number in the sheet (header = 1). */
export const ExpressImportErrorDto = z.object({ row: z.number().int(), shipment: z.string(), reason: z.string() });

export const ExpressImportDto = z.object({
  id: z.number().int(),
  fileName: z.string(),
  totalRows: z.number().int(),
  created: z.number().int(),
  skipped: z.number().int(),
  failed: z.number().int(),
  errors: z.array(ExpressImportErrorDto),
  userName: z.string(),
  creationTime: z.string(),
});
export type ExpressImportDto = z.infer<typeof ExpressImportDto>;

export const expressImport = defineService('ExpressImport', {
  getExpressImportList: {
    method: 'GET', permission: 'OrderManage.ExpressShipmentDelivery',
    input: paged({ keyword: z.string().trim().max(64).optional() }),
    output: pagedResult(ExpressImportDto),
  },
});
