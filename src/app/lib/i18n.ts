// t(): every text on screen goes through the Warehouse localisation source that
// /AbpUserConfiguration/GetAll sends (spec 000 §1, §2). The key is the Chinese text itself, so a
// missing entry falls back to the Chinese literal; ABP-style {0} {1} placeholders are filled in.
import { useContext, useMemo, useSyncExternalStore } from 'react';
import { QueryClientContext, useQuery } from '@tanstack/react-query';
import type { UserConfiguration } from '#shared/contracts/configuration.ts';
import { useApi } from './http.ts';
import { configurationQuery } from './queries.ts';
import { LOCALIZATION_SOURCE_NAME } from './constants.ts';

/** configurationQuery's key (the shell loads it before any screen). */
const CONFIGURATION_KEY = ['AbpUserConfiguration', 'getAll'];

export type Translate = (key: string, ...args: (string | number)[]) => string;

export function formatText(text: string, args: readonly (string | number)[]): string {
  return args.length ? text.replace(/\{(\d+)\}/g, (m, i: string) => (args[Number(i)] !== undefined ? String(args[Number(i)]) : m)) : text;
}

export function createTranslator(values: Record<string, string> | undefined): Translate {
  return (key, ...args) => formatText(values?.[key] ?? key, args);
}

export function sourceValues(config: UserConfiguration | undefined): Record<string, string> | undefined {
  return config?.localization.values[LOCALIZATION_SOURCE_NAME];
}

/** The translator for the current configuration (the Chinese literal until it has loaded). */
export function useT(): Translate {
  const api = useApi();
  const { data } = useQuery(configurationQuery(api));
  const values = sourceValues(data);
  return useMemo(() => createTranslator(values), [values]);
}

const noSubscription = () => () => {};

/**
 * The translator for shared components (lists, filters, dialogs) that are also rendered outside the
 * console's providers (component tests): it reads the configuration the shell has already loaded,
 * never fetches it, and is the Chinese literal when there is none.
 */
export function useOptionalT(): Translate {
  const client = useContext(QueryClientContext);
  const values = useSyncExternalStore(
    client ? (onChange) => client.getQueryCache().subscribe(onChange) : noSubscription,
    () => sourceValues(client?.getQueryData<UserConfiguration>(CONFIGURATION_KEY)),
  );
  return useMemo(() => createTranslator(values), [values]);
}
