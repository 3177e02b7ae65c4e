// The enabled warehouses as choices: for a list filter (value: the id) or a form's select (value: its text).
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api.ts';
import { stockWarehousesQuery } from './queries.ts';

export function useWarehouseChoices(): { filter: { value: number; label: string }[]; select: { value: string; label: string }[] } {
  const api = useApi();
  const items = useQuery(stockWarehousesQuery(api)).data?.items ?? [];
  return {
    filter: items.map((w) => ({ value: w.id, label: w.warehouseName })),
    select: items.map((w) => ({ value: String(w.id), label: w.warehouseName })),
  };
}
