// Which warehouse this station signs parcels into: the enabled warehouses, and the choice remembered
// on this computer (a station stands in one warehouse for months).
import { useCallback, useState } from 'react';
import { queryOptions, useQuery } from '@tanstack/react-query';
import type { ApiClient } from '#shared/api-client.ts';
import { queryKey } from '#shared/query-key.ts';
import type { WarehouseInfoDto } from '#shared/contracts/warehouse.ts';
import { useApi } from '../../lib/api.ts';
import { useAfterFirstScreen } from '../../lib/first-screen.ts';

export const STATION_WAREHOUSE_KEY = 'haicang.station.warehouse';

const input = { isEnabled: true, maxResultCount: 100 } as const;

export const enabledWarehousesQuery = (api: ApiClient) =>
  queryOptions({
    queryKey: queryKey('WarehouseInfo', 'getWarehouseInfoList', input),
    queryFn: () => api.warehouseInfo.getWarehouseInfoList(input),
    select: (page) => page.items.filter((w) => w.isEnabled),
    staleTime: 5 * 60_000,
  });

function readStored(): number | null {
  try {
    const n = Number(localStorage.getItem(STATION_WAREHOUSE_KEY));
    return Number.isInteger(n) && n > 0 ? n : null;
  } catch {
    return null;
  }
}

export function useStationWarehouse(): {
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
  const [chosen, setChosen] = useState<number | null>(readStored);
  const warehouses = data ?? [];
  // A remembered warehouse that was since disabled does not count; with just one, there is no choice.
  const warehouseId = chosen !== null && warehouses.some((w) => w.id === chosen)
    ? chosen
    : warehouses.length === 1 ? warehouses[0]!.id : null;
  const choose = useCallback((id: number | null) => {
    setChosen(id);
    try {
      if (id === null) localStorage.removeItem(STATION_WAREHOUSE_KEY);
      else localStorage.setItem(STATION_WAREHOUSE_KEY, String(id));
    } catch {
      // Private mode: the choice lasts for this page only.
    }
  }, []);
  return { warehouses, isLoading, isError, warehouseId, choose };
}
