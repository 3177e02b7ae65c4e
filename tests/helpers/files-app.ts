// The file tests' app: createTestApp() already registers the file routes and gives each app its
// own DATA_DIR (files land under <dataDir>/files/<tenantId>/<guid>).
import { createTestApp, type TestApp } from './test-app.ts';

export type FilesTestApp = TestApp;
export const createFilesTestApp = createTestApp;
