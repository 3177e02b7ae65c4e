// 登记快递 (/courier/courierExpressDeliveryCreate): a courier arrives with a pile of parcels; the
// clerk picks the warehouse and courier company, scans (or types, or pastes) every tracking number,
// and records the hand-over in one go (CourierExpressDelivery/Add). A number already on record is
// refused by the server with the numbers named; nothing of that hand-over is kept.
import { useRef, useState, type FormEvent, type KeyboardEvent } from 'react';
import { ActionIcon, Alert, Badge, Button, Card, Group, Select, SimpleGrid, Stack, Table, Text, TextInput, Title } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';
import { refusalText, useServiceMutation } from '../../components/forms/refusal.ts';
import { courierCompaniesQuery, warehousesQuery } from './queries.ts';

const NUMBER = /^[A-Za-z0-9-]{4,64}$/;
const MAX_NUMBERS = 500;

export function DeliveryCreatePage({ onDone }: { onDone: () => void }) {
  const t = useT();
  const api = useApi();
  const companies = useQuery(courierCompaniesQuery(api));
  const warehouses = useQuery(warehousesQuery(api));
  const add = useServiceMutation(['CourierExpressDelivery'], (a, input: Parameters<typeof a.courierExpressDelivery.add>[0]) => a.courierExpressDelivery.add(input));
  const [warehouseInfoId, setWarehouseInfoId] = useState<string | null>(null);
  const [courierCompanyCode, setCompany] = useState<string | null>(null);
  const [courierName, setCourierName] = useState('');
  const [courierPhone, setCourierPhone] = useState('');
  const [reMark, setReMark] = useState('');
  const [scan, setScan] = useState('');
  const [numbers, setNumbers] = useState<string[]>([]);
  const [errors, setErrors] = useState<{ warehouse?: string; company?: string; scan?: string }>({});
  const [refusal, setRefusal] = useState<string | null>(null);
  const scanRef = useRef<HTMLInputElement>(null);

  const warehouse = warehouseInfoId ?? (warehouses.data?.items.length === 1 ? String(warehouses.data.items[0]!.id) : null);

  /** Adds what was scanned or pasted: one number per line, space or comma. */
  const take = () => {
    const parts = scan.split(/[\s,，;；]+/).map((s) => s.trim()).filter(Boolean);
    if (parts.length === 0) return;
    const bad = parts.filter((p) => !NUMBER.test(p));
    const fresh = parts.filter((p) => NUMBER.test(p) && !numbers.includes(p));
    const next = [...numbers, ...[...new Set(fresh)]].slice(0, MAX_NUMBERS);
    setNumbers(next);
    setScan('');
    setErrors((e) => ({ ...e, scan: bad.length ? t('快递单号只能包含字母、数字和 -，4–64 位：{0}', bad.join('、')) : undefined }));
    scanRef.current?.focus();
  };
  const onScanKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'Enter') {
      e.preventDefault();
      take();
    }
  };

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    setRefusal(null);
    const next: typeof errors = {};
    if (!warehouse) next.warehouse = t('请选择仓库');
    if (!courierCompanyCode) next.company = t('请选择快递公司');
    if (numbers.length === 0) next.scan = t('请扫描或输入至少一个快递单号');
    setErrors(next);
    if (Object.keys(next).length) return;
    try {
      const outcome = await add.mutateAsync({
        warehouseInfoId: Number(warehouse), courierCompanyCode: courierCompanyCode!, shipments: numbers,
        courierName: courierName.trim() || null, courierPhone: courierPhone.trim() || null, reMark: reMark.trim() || null,
      });
      if (!outcome.ok) {
        setRefusal(refusalText(outcome.refusal));
        return;
      }
      notifications.show({ color: 'teal', message: t('已登记 {0} 个快递单号', outcome.value.count) });
      setNumbers([]);
      scanRef.current?.focus();
    } catch {
      // the shell shows unexpected failures
    }
  };

  return (
    <form onSubmit={submit} noValidate aria-label={t('登记快递')}>
      <Stack gap="md" maw={900}>
        <Title order={3}>{t('登记快递')}</Title>
        {refusal && <Alert color="red" variant="light" role="alert">{refusal}</Alert>}
        <Card withBorder>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
            <Select
              label={t('仓库')} withAsterisk data={(warehouses.data?.items ?? []).map((w) => ({ value: String(w.id), label: w.warehouseName }))}
              value={warehouse} onChange={setWarehouseInfoId} error={errors.warehouse} comboboxProps={{ withinPortal: true }}
            />
            <Select
              label={t('快递公司')} withAsterisk searchable data={(companies.data ?? []).map((c) => ({ value: c.code, label: c.name }))}
              value={courierCompanyCode} onChange={(v) => { setCompany(v); setErrors((x) => ({ ...x, company: undefined })); }} error={errors.company} comboboxProps={{ withinPortal: true }}
            />
            <TextInput label={t('快递员')} maxLength={32} value={courierName} onChange={(e) => setCourierName(e.currentTarget.value)} />
            <TextInput label={t('快递员电话')} inputMode="tel" maxLength={32} value={courierPhone} onChange={(e) => setCourierPhone(e.currentTarget.value)} />
          </SimpleGrid>
          <TextInput mt="sm" label={t('备注')} maxLength={256} value={reMark} onChange={(e) => setReMark(e.currentTarget.value)} />
        </Card>
        <Card withBorder>
          <Group align="flex-end" gap="sm">
            <TextInput
              ref={scanRef} style={{ flex: 1 }} label={t('快递单号')} placeholder={t('扫描或输入后回车；可一次粘贴多个')} autoFocus
              value={scan} onChange={(e) => setScan(e.currentTarget.value)} onKeyDown={onScanKey} error={errors.scan}
            />
            <Button variant="default" onClick={take}>{t('添加')}</Button>
          </Group>
          <Group justify="space-between" mt="sm">
            <Text size="sm">{t('已扫描')} <Badge variant="light" radius="sm">{numbers.length}</Badge></Text>
            {numbers.length > 0 && <Button variant="subtle" color="red" size="xs" onClick={() => setNumbers([])}>{t('清空')}</Button>}
          </Group>
          {numbers.length > 0 && (
            <Table mt="xs" striped aria-label={t('已扫描的快递单号')}>
              <Table.Tbody>
                {numbers.map((n, i) => (
                  <Table.Tr key={n}>
                    <Table.Td w={48}>{i + 1}</Table.Td>
                    <Table.Td ff="monospace">{n}</Table.Td>
                    <Table.Td w={48}>
                      <ActionIcon variant="subtle" color="red" aria-label={t('移除 {0}', n)} onClick={() => setNumbers((list) => list.filter((x) => x !== n))}>
                        <IconTrash size={14} />
                      </ActionIcon>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          )}
        </Card>
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>{t('返回列表')}</Button>
          <Button type="submit" loading={add.isPending}>{t('登记')}</Button>
        </Group>
      </Stack>
    </form>
  );
}
