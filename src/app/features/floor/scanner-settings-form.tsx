// 扫码枪设置 (作业首页): this device's keyboard-wedge thresholds, opened from the floor home.
import { useState } from 'react';
import { Button, Group, NumberInput, Stack, Text } from '@mantine/core';
import { useT } from '../../lib/i18n.ts';
import { readWedgeSettings, saveWedgeSettings, type WedgeSettings } from '../../lib/scanner/wedge-settings.ts';

export function ScannerSettingsForm() {
  const t = useT();
  const [value, setValue] = useState<WedgeSettings>(readWedgeSettings);
  const [saved, setSaved] = useState(false);
  return (
    <Stack gap="sm" mt="sm">
      <Text size="sm" c="dimmed">{t('扫码枪按键间隔超过上限时，视为人工输入；短于最短长度的读数会被忽略。只影响本设备。')}</Text>
      <NumberInput
        label={t('按键间隔上限（毫秒）')} min={10} max={500} size="md" value={value.maxGapMs} allowDecimal={false}
        onChange={(v) => { setSaved(false); setValue((s) => ({ ...s, maxGapMs: Number(v) || s.maxGapMs })); }} data-testid="wedge-max-gap"
      />
      <NumberInput
        label={t('最短单号长度')} min={1} max={32} size="md" value={value.minLength} allowDecimal={false}
        onChange={(v) => { setSaved(false); setValue((s) => ({ ...s, minLength: Number(v) || s.minLength })); }} data-testid="wedge-min-length"
      />
      <Group>
        <Button size="md" onClick={() => { setValue(saveWedgeSettings(value)); setSaved(true); }} data-testid="wedge-save">{t('保存')}</Button>
        {saved && <Text size="sm" c="green.8">{t('已保存，重新打开扫码页面后生效')}</Text>}
      </Group>
    </Stack>
  );
}
