// /frontstock/skumapping — SKU 映射 (FrontSkuMapping, DOMAIN §7): the seller's marketplace model SKUs
// and the product SKU each stands for, so synced marketplace orders can become stock orders.
import { useState, type FormEvent } from 'react';
import { Button, Code, Modal, Stack, TextInput } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { DataTableColumn } from 'mantine-datatable';
import { z } from 'zod';
import type { SkuMappingDto } from '#shared/contracts/stock-out.ts';
import { formatDateTime, ListPage, type FilterField, type RowAction } from '../../components/list-page/index.ts';
import { skuMappingListQuery, type SkuMappingSearch } from './queries.ts';
import { FormAlert } from '../../components/forms/form-alert.tsx';
import { ModalActions } from '../../components/forms/modal-actions.tsx';
import { unwrap, useServiceMutation } from '../../components/forms/refusal.ts';
import { useZodForm } from '../../components/forms/use-zod-form.ts';
import { useApi } from '../../lib/api.ts';
import { useT } from '../../lib/i18n.ts';



const mappingForm = z.object({
  thirdPartySku: z.string().trim().min(1, '请输入平台 SKU').max(128, '平台 SKU 过长'),
  productSku: z.string().trim().min(1, '请输入商品 SKU').max(128, '商品 SKU 过长'),
});

function AddMappingModal({ onClose }: { onClose: () => void }) {
  const t = useT();
  const form = useZodForm(mappingForm, { thirdPartySku: '', productSku: '' });
  const add = useServiceMutation(['FrontSkuMapping'], (a, input: z.output<typeof mappingForm>) => a.frontSkuMapping.add(input));
  const submit = async (e: FormEvent) => {
    e.preventDefault();
    const el = e.currentTarget as HTMLFormElement;
    const v = form.validate(el);
    if (!v) return;
    const outcome = await add.mutateAsync(v);
    if (!outcome.ok) return form.showRefusal(outcome.refusal, el);
    onClose();
  };
  return (
    <Modal opened onClose={add.isPending ? () => {} : onClose} title={t('添加 SKU 映射')} centered>
      <form onSubmit={(e) => void submit(e)} noValidate>
        <Stack gap="sm">
          <FormAlert message={form.formError} />
          <TextInput label={t('平台 SKU')} description={t('虾皮商品规格的 SKU')} withAsterisk data-autofocus {...form.text('thirdPartySku')} />
          <TextInput label={t('商品 SKU')} description={t('囤货商品的 SKU')} withAsterisk {...form.text('productSku')} />
          <ModalActions onCancel={onClose} saving={add.isPending} />
        </Stack>
      </form>
    </Modal>
  );
}

export function SkuMappingPage({ search, onSearchChange }: { search: SkuMappingSearch; onSearchChange: (next: SkuMappingSearch) => void }) {
  const t = useT();
  const api = useApi();
  const [adding, setAdding] = useState(false);
  const remove = useServiceMutation(['FrontSkuMapping'], (a, id: number) => a.frontSkuMapping.delete({ id }));
  const columns: DataTableColumn<SkuMappingDto>[] = [
    { accessor: 'thirdPartySku', title: t('平台 SKU'), render: (r) => <Code>{r.thirdPartySku}</Code> },
    { accessor: 'productSku', title: t('商品 SKU'), render: (r) => <Code>{r.productSku}</Code> },
    { accessor: 'creationTime', title: t('创建时间'), render: (r) => formatDateTime(r.creationTime) },
  ];
  const filters: FilterField<SkuMappingSearch>[] = [{ kind: 'text', key: 'keyword', label: t('SKU') }];
  const rowActions: RowAction<SkuMappingDto>[] = [{
    key: 'delete', label: t('删除'), icon: <IconTrash size={14} />, color: 'red',
    confirm: (r) => ({ title: t('删除映射'), message: t('删除平台 SKU {0} 的映射吗？', r.thirdPartySku), confirmLabel: t('删除') }),
    onClick: async (r) => unwrap(await remove.mutateAsync(r.id)),
  }];
  return (
    <>
      <ListPage
        label={t('SKU 映射')}
        search={search}
        onSearchChange={onSearchChange}
        query={skuMappingListQuery(api, search)}
        columns={columns}
        filters={filters}
        rowActions={rowActions}
        toolbar={<Button leftSection={<IconPlus size={16} />} onClick={() => setAdding(true)}>{t('添加映射')}</Button>}
      />
      {adding && <AddMappingModal onClose={() => setAdding(false)} />}
    </>
  );
}
