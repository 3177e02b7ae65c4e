// Photos waiting to be uploaded, kept in IndexedDB (Dexie, database haicang-photos) from the moment
// they are taken: a dropped connection, a reload or a crash between the shot and the server's answer
// does not lose the picture. A row keeps the uploaded file's guid once File/UploadFile answered, so
// a retry links the same file instead of uploading it twice; it is deleted once the photo is linked
// to its parcel. Bytes are stored as an ArrayBuffer (Blobs in IndexedDB are unreliable on older
// Safari).
import type { Dexie, EntityTable } from 'dexie';

export const PHOTO_DB_NAME = 'haicang-photos';

export interface StoredPhoto {
  id?: number;
  /** Which photo of the screen: e.g. 'imageGuid' (外包装) or 'goodsImageGuid' (商品). */
  slot: string;
  /** The screen that took it (uploadpackageimg, logisticsphoto, abnormalphoto). */
  screen: string;
  shipment: string;
  bytes: ArrayBuffer;
  type: string;
  fileName: string;
  /** The size before compression (the stored bytes are the compressed ones when it worked). */
  originalSize: number;
  compressed: boolean;
  /** Set once File/UploadFile answered. */
  guid: string | null;
  createdAt: number;
}

export type PhotoDb = Dexie & { photos: EntityTable<StoredPhoto, 'id'> };

let shared: Promise<PhotoDb> | null = null;

/**
 * Opened on first use, Dexie included (a dynamic import: the photo screens' first load does not
 * carry it), so tests (fake-indexeddb) and pages that never take a photo pay nothing.
 */
export function photoDb(): Promise<PhotoDb> {
  shared ??= import('dexie').then(({ default: DexieClass }) => {
    const db = new DexieClass(PHOTO_DB_NAME) as PhotoDb;
    db.version(1).stores({ photos: '++id, screen, shipment, createdAt' });
    return db;
  });
  return shared;
}

/** For tests: close, delete and forget the shared database. */
export async function resetPhotoDb(): Promise<void> {
  const db = shared && (await shared);
  shared = null;
  if (db) {
    db.close();
    await db.delete();
  }
}


/** Keeps a just-taken photo (compressed when that worked) on the phone; answers its row id. */
export async function storePhoto({ slot, screen, shipment, original, blob, compressed }: {
  slot: string; screen: string; shipment: string; original: File; blob: Blob; compressed: boolean;
}): Promise<{ id: number; bytes: ArrayBuffer; type: string }> {
  const bytes = await blob.arrayBuffer();
  const type = blob.type || original.type || 'application/octet-stream';
  const ext = type === 'image/png' ? '.png' : type === 'image/webp' ? '.webp' : '.jpg';
  const fileName = compressed ? original.name.replace(/\.[^.]+$/, '') + ext : original.name;
  const id = await (await photoDb()).photos.add({
    slot, screen, shipment, bytes, type, fileName, originalSize: original.size, compressed, guid: null, createdAt: Date.now(),
  });
  return { id: id as number, bytes, type };
}
