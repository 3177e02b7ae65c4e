// 扫描或输入单号 (issue #44 item 4): the header's search box. A number typed or scanned by a wedge
// scanner (keys, then Enter) is sent to Search/Find; one hit opens its screen, several offer a short
// list to choose from, none says so. The box keeps focus and its text selected after a search, so
// the next scan replaces it.
import { useRef, useState } from 'react';
import { Loader, NavLink, Popover, Text, TextInput } from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { IconSearch } from '@tabler/icons-react';
import type { FindHitDto, FindKind } from '#shared/contracts/search.ts';
import { useApi } from '../../lib/http.ts';
import { useT } from '../../lib/i18n.ts';

/** What each kind of hit is called in the list. */
const KIND_LABELS: Record<FindKind, string> = {
  order: '订单', parcel: '包裹', stockRecord: '囤货单', refusal: '拒收退回', abroadReturn: '海外仓退件', seller: '卖家', receiptBatch: '交接批次',
};

export function HeaderSearch({ onOpen }: { onOpen: (route: string) => void }) {
  const t = useT();
  const api = useApi();
  const input = useRef<HTMLInputElement>(null);
  const [value, setValue] = useState('');
  const [busy, setBusy] = useState(false);
  const [choices, setChoices] = useState<FindHitDto[]>([]);

  const open = (hit: FindHitDto) => {
    setChoices([]);
    input.current?.select();
    onOpen(hit.route);
  };

  const find = async () => {
    const number = value.trim();
    if (!number || busy) return;
    setBusy(true);
    setChoices([]);
    try {
      const hits = await api.search.find({ number: number.slice(0, 64) });
      if (hits.length === 0) {
        notifications.show({ color: 'yellow', message: t('未找到：{0}', number) });
        input.current?.select();
      } else if (hits.length === 1) open(hits[0]!);
      else setChoices(hits);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Popover opened={choices.length > 0} onChange={(o) => { if (!o) setChoices([]); }} position="bottom-start" width="target" shadow="md">
      <Popover.Target>
        <TextInput
          ref={input}
          visibleFrom="sm"
          size="sm"
          w={240}
          value={value}
          onChange={(e) => setValue(e.currentTarget.value)}
          onKeyDown={(e) => {
            if (e.key === 'Enter') { e.preventDefault(); void find(); }
            if (e.key === 'Escape') setChoices([]);
          }}
          placeholder={t('扫描或输入单号')}
          aria-label={t('扫描或输入单号')}
          maxLength={64}
          leftSection={busy ? <Loader size={14} /> : <IconSearch size={16} />}
          data-testid="header-search"
        />
      </Popover.Target>
      <Popover.Dropdown p={4} data-testid="header-search-hits">
        {choices.map((hit) => (
          <NavLink
            key={`${hit.kind}-${hit.id}`}
            label={hit.label}
            description={t(KIND_LABELS[hit.kind])}
            onClick={() => open(hit)}
          />
        ))}
        <Text size="xs" c="dimmed" px="xs" py={4}>{t('找到 {0} 项，请选择', choices.length)}</Text>
      </Popover.Dropdown>
    </Popover>
  );
}
