// Links to stored files (parcel photos, a seller's own images, label PDFs) for <img> and new tabs,
// which carry the session cookie instead of the bearer header (the File actions accept it).
import { fileUrl } from '#shared/file-links.ts';

export const imageUrl = (guid: string) => fileUrl('getLogisticsImage', { guid });
export const userImageUrl = (guid: string) => fileUrl('getUserUploadImage', { guid });
export const pdfUrl = (guid: string) => fileUrl('getPdf', { guid });
/** DOMAIN §0: a link is built only when the guid is longer than 1 character. */
export const hasGuid = (guid: string | null | undefined): guid is string => !!guid && guid.length > 1;
