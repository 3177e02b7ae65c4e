// Links to the File service's actions (/api/File/*: images, PDFs, xlsx exports, labels, uploads), typed
// by the registry's contracts/file.ts but without loading it: zod and the contracts stay out of the
// first chunk, which route files reach. A test checks every link against the registry's URL.
import type { InputOf } from './contracts/define.ts';
import type { file } from './contracts/file.ts';
import { FILE_BASE_PATH } from './constants.ts';

export { FILE_BASE_PATH };

type FileActions = typeof file.actions;
export type FileActionKey = keyof FileActions;
export type FileInput<K extends FileActionKey> = InputOf<FileActions[K]>;
type Query = Record<string, string | number | boolean | readonly (string | number)[] | null | undefined>;

/** The query string the server reads: empty values left out, lists as a,b,c. */
export function fileQuery(input: Query | undefined): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(input ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    params.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return params.toString();
}

/** The input may be left out when none of it is required. */
type InputArgs<K extends FileActionKey> = Record<never, never> extends FileInput<K> ? [FileInput<K>?] : [FileInput<K>];

/** The URL of a File action with its input in the query string, e.g. fileUrl('getPdf', { guid }). */
export function fileUrl<K extends FileActionKey>(key: K, ...[input]: InputArgs<K>): string {
  const query = fileQuery(input as Query | undefined);
  return `${FILE_BASE_PATH}/${key.charAt(0).toUpperCase()}${key.slice(1)}${query ? `?${query}` : ''}`;
}
