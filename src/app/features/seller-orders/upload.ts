// Links to the files of the seller's screens (label PDFs, parcel photos); the uploader itself is
// src/app/lib/upload.ts, shared with the floor's photo screens.
export { uploadFile, useUploader, UploadError, type UploadedFile, type Uploader } from '../../lib/upload.ts';

export { hasGuid, imageUrl, pdfUrl, userImageUrl } from '../../lib/file-links.ts';
