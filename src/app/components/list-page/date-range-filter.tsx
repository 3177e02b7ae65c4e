// The date-range filter of the list-page kit: whole days (YYYY-MM-DD), applied as soon as both
// ends are picked or the range is cleared, like the kit's selects. A one-day range is allowed.
import { useState } from 'react';
import { DatePickerInput, type DatesRangeValue, type DateStringValue } from '@mantine/dates';
import dayjs from 'dayjs';
import 'dayjs/locale/zh-cn';
import '@mantine/dates/styles.css';
import { readCulture } from '../../lib/auth.ts';
import { useOptionalT, type Translate } from '../../lib/i18n.ts';

export interface DateRangeFilterProps {
  label: string;
  placeholder?: string | undefined;
  from: string | undefined;
  to: string | undefined;
  /** Both ends, or both undefined when cleared. */
  onChange: (from: string | undefined, to: string | undefined) => void;
}

const DAY = 'YYYY-MM-DD';
const asDay = (v: DateStringValue | Date | null): string | undefined => (v ? dayjs(v).format(DAY) : undefined);

function presets(t: Translate): { value: [string, string]; label: string }[] {
  const today = dayjs();
  return [
    { value: [today.format(DAY), today.format(DAY)], label: t('今天') },
    { value: [today.subtract(1, 'day').format(DAY), today.subtract(1, 'day').format(DAY)], label: t('昨天') },
    { value: [today.subtract(6, 'day').format(DAY), today.format(DAY)], label: t('最近 7 天') },
    { value: [today.subtract(29, 'day').format(DAY), today.format(DAY)], label: t('最近 30 天') },
    { value: [today.startOf('month').format(DAY), today.format(DAY)], label: t('本月') },
  ];
}

export function DateRangeFilter({ label, placeholder, from, to, onChange }: DateRangeFilterProps) {
  // A half-picked range (first day chosen) stays here until the second day is picked.
  const t = useOptionalT();
  const [draft, setDraft] = useState<DatesRangeValue<DateStringValue> | null>(null);
  const value: DatesRangeValue<DateStringValue> = draft ?? [from ?? null, to ?? from ?? null];
  return (
    <DatePickerInput
      type="range"
      label={label}
      placeholder={placeholder ?? t('选择日期范围')}
      locale={readCulture() === 'en' ? 'en' : 'zh-cn'}
      valueFormat={DAY}
      labelSeparator={t('至')}
      allowSingleDateInRange
      clearable
      presets={presets(t)}
      value={value}
      onChange={(next) => {
        const [start, end] = next;
        if (start && !end) {
          setDraft([asDay(start) ?? null, null]);
          return;
        }
        setDraft(null);
        onChange(asDay(start), asDay(end));
      }}
      popoverProps={{ withinPortal: true }}
    />
  );
}
