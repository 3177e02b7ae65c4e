// Links to the files of the seller's screens (label PDFs, parcel photos); the uploader itself is
// src/app/lib/upload.ts, shared with the floor's photo screens.
export { uploadFile, useUploader, UploadError, type UploadedFile, type Uploader } from '../../lib/upload.ts';

export const imageUrl = (guid: string) => `/api/File/GetLogisticsImage?guid=${encodeURIComponent(guid)}`;
export const userImageUrl = (guid: string) => `/api/File/GetUserUploadImage?guid=${encodeURIComponent(guid)}`;
export const pdfUrl = (guid: string) => `/api/File/GetPdf?guid=${encodeURIComponent(guid)}`;
/** DOMAIN §0: a link is built only when the guid is longer than 1 character. */
export const hasGuid = (guid: string | null | undefined): guid is string => !!guid && guid.length > 1;
