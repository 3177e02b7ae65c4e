// Which warehouse this station works in (the sign-in station, the return scan): the enabled warehouses,
// and the choice remembered on this device (a station stands in one warehouse for months).
import { useCallback, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { queryKey } from '#shared/query-key.ts';
import type { WarehouseInfoDto } from '#shared/contracts/warehouse.ts';
import { useApi } from './api.ts';
import { useAfterFirstScreen } from './first-screen.ts';

export const STATION_WAREHOUSE_KEY = 'haicang.station.warehouse';
/** The overseas station (/backabroad/intoabroadLogistics) remembers its own warehouse. */
export const OVERSEAS_STATION_WAREHOUSE_KEY = 'haicang.station.warehouse.overseas';

const input = { isEnabled: true, maxResultCount: 100 } as const;

export const enabledWarehousesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKey('WarehouseInfo', 'getWarehouseInfoList', input),
    queryFn: () => api.warehouseInfo.getWarehouseInfoList(input),
    select: (page) => page.items.filter((w) => w.isEnabled),
    staleTime: 5 * 60_000,
  });

function readStored(key: string): number | null {
  try {
    const n = Number(localStorage.getItem(key));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

/**
 * `kind` 2: the overseas station, which signs parcels in at overseas warehouses only; otherwise every
 * enabled warehouse (the mainland station, as before).
 */
export function useStationWarehouse(kind?: 2): {
  warehouses: WarehouseInfoDto[];
  isLoading: boolean;
  isError: boolean;
  warehouseId: number | null;
  choose: (id: number | null) => void;
} {
  const api = useApi();
  // The last visit's list (persisted reads) shows at once; asking the server waits until the
  // screen is up, so the registry is not fetched before it.
  const asking = useAfterFirstScreen();
  const { data, isPending, isError } = useQuery({ ...enabledWarehousesQuery(api), enabled: asking });
  const isLoading = isPending && !isError;
  const storageKey = kind === 2 ? OVERSEAS_STATION_WAREHOUSE_KEY : STATION_WAREHOUSE_KEY;
  const [chosen, setChosen] = useState<number | null>(() => readStored(storageKey));
  const warehouses = (data ?? []).filter((w) => kind === undefined || w.kind === kind);
  // A remembered warehouse that was since disabled does not count; with just one, there is no choice.
  const warehouseId = chosen !== null && warehouses.some((w) => w.id === chosen)
    ? chosen
    : warehouses.length === 1 ? warehouses[0]!.id : null;
  const choose = useCallback((id: number | null) => {
    setChosen(id);
    try {
      if (id === null) localStorage.removeItem(storageKey);
      else localStorage.setItem(storageKey, String(id));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, [storageKey]);
  return { warehouses, isLoading, isError, warehouseId, choose };
}
