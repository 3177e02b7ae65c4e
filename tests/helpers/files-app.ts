// The file tests' app: createTestApp() already registers the file routes and gives each app its
// own DATA_DIR; its files are in the store its database chooses (PostgreSQL's under DATABASE_URL,
// <dataDir>/files/<tenantId>/<guid> on PGlite), reached here the way the server does.
import { buffer } from 'node:stream/consumers';
import { defaultFileStorage, type FileStorage } from '#server/modules/files/storage.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export type FilesTestApp = TestApp;
export const createFilesTestApp = createTestApp;

/** The file store the app's file actions use. */
export const storeOf = (t: Pick<TestApp, 'config' | 'database'>): FileStorage => defaultFileStorage(t);

/** The guids of a tenant's stored files, sorted. */
export async function storedGuids(t: Pick<TestApp, 'config' | 'database'>, tenantId = 1): Promise<string[]> {
  const guids: string[] = [];
  for await (const { key } of storeOf(t).list()) if (key.startsWith(`${tenantId}/`)) guids.push(key.slice(`${tenantId}/`.length));
  return guids.sort();
}

/** The bytes stored under a key, or null. */
export async function storedBytes(store: FileStorage, key: string): Promise<Buffer | null> {
  const body = await store.get(key);
  return body ? buffer(body) : null;
}
