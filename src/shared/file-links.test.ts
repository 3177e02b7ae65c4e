// The File service's links are the old console's public API: they must never move, and fileUrl()
// (which does not load the registry) must agree with the registry for every action.
import { describe, expect, it } from 'vitest';
import { actionUrl } from './contracts/define.ts';
import { file } from './contracts/file.ts';
import { fileUrl, type FileActionKey } from './file-links.ts';
import { orderLabelUrl } from './label-links.ts';

describe('fileUrl', () => {
  it('is the registry URL of every File action', () => {
    for (const key of Object.keys(file.actions) as FileActionKey[]) {
      expect(fileUrl(key as 'getExpressExport'), key).toBe(actionUrl(file, key));
    }
  });

  it('keeps the URLs and query names clients depend on', () => {
    expect(fileUrl('uploadFile')).toBe('/api/File/UploadFile');
    expect(fileUrl('importExpress')).toBe('/api/File/ImportExpress');
    expect(fileUrl('getLogisticsImage', { guid: '0b6f5f2e-4a57-4c7c-9d3a-1d2f3e4a5b6c' })).toBe('/api/File/GetLogisticsImage?guid=0b6f5f2e-4a57-4c7c-9d3a-1d2f3e4a5b6c');
    expect(fileUrl('getUserUploadImage', { guid: 'a' })).toBe('/api/File/GetUserUploadImage?guid=a');
    expect(fileUrl('getPackedImage', { guid: 'a' })).toBe('/api/File/GetPackedImage?guid=a');
    expect(fileUrl('getPdf', { guid: '3f1c1e2a-1111-4a5b-8c9d-0000000000aa' })).toBe('/api/File/GetPdf?guid=3f1c1e2a-1111-4a5b-8c9d-0000000000aa');
    expect(fileUrl('getExcelFlow', { userCode: 'S00007', channel: 2 })).toBe('/api/File/GetExcelFlow?userCode=S00007&channel=2');
    expect(fileUrl('getExpressExportSelected', { ids: [3, 5, 8] })).toBe('/api/File/GetExpressExportSelected?ids=3%2C5%2C8');
    expect(fileUrl('getExpressExport')).toBe('/api/File/GetExpressExport');
    expect(fileUrl('getExpressExportSearch', { shipment: '', userCode: undefined })).toBe('/api/File/GetExpressExportSearch');
    expect(fileUrl('getFrontExpressExportMainlandOrderInfo', { orderStatus: 1 })).toBe('/api/File/GetFrontExpressExportMainlandOrderInfo?orderStatus=1');
    expect(fileUrl('getPdfbyte', { barCode: 'X1', isDate: true })).toBe('/api/File/GetPdfbyte?barCode=X1&isDate=true');
    expect(fileUrl('getZDYPdf', { guid: 'g', infos: '["a"]' })).toBe('/api/File/GetZDYPdf?guid=g&infos=%5B%22a%22%5D');
    expect(orderLabelUrl('ML26112200002')).toBe('/api/File/GetOrderLabel?tradeNo=ML26112200002');
  });
});
