// The bar of opened pages (spec 000 §2): one tag per page, the home tag fixed, close one / close
// others / close all. The list itself lives in lib/page-tags.ts (remembered across reloads).
import { ActionIcon, CloseButton, Menu, ScrollArea } from '@mantine/core';
import { IconChevronDown, IconX, IconArrowsHorizontal } from '@tabler/icons-react';
import clsx from 'clsx';
import type { MouseEvent } from 'react';
import type { PageTag } from '../../lib/page-tags.ts';
import type { Translate } from '../../lib/i18n.ts';
import { HOME_PATH } from '../../lib/constants.ts';
import classes from './shell.module.css';

export interface PageTagsBarProps {
  tags: readonly PageTag[];
  activePath: string;
  t: Translate;
  onSelect: (tag: PageTag) => void;
  onClose: (tag: PageTag) => void;
  onCloseOthers: () => void;
  onCloseAll: () => void;
}

export function PageTagsBar({ tags, activePath, t, onSelect, onClose, onCloseOthers, onCloseAll }: PageTagsBarProps) {
  const select = (e: MouseEvent<HTMLAnchorElement>, tag: PageTag) => {
    if (e.button !== 0 || e.metaKey || e.ctrlKey || e.shiftKey || e.altKey) return;
    e.preventDefault();
    onSelect(tag);
  };
  return (
    <div className={classes.tagsBar} role="navigation" aria-label={t('已打开的页面')}>
      <ScrollArea className={classes.tagsScroll} type="hover" scrollbarSize={4} offsetScrollbars={false}>
        <div style={{ display: 'flex', gap: 6, alignItems: 'center', height: 40 }} data-testid="page-tags">
          {tags.map((tag) => {
            const active = tag.path === activePath;
            const title = t(tag.title);
            return (
              <span key={tag.path} className={clsx(classes.tag, active && classes.tagActive)} data-active={active || undefined} data-testid="page-tag">
                {active && <span className={classes.tagDot} aria-hidden />}
                <a href={tag.href} className={classes.tagLabel} onClick={(e) => select(e, tag)} aria-current={active ? 'page' : undefined}>{title}</a>
                {tag.path !== HOME_PATH && (
                  <CloseButton size="xs" variant="transparent" c="inherit" icon={<IconX size={12} />} aria-label={t('关闭 {0}', title)}
                    onClick={() => onClose(tag)} />
                )}
              </span>
            );
          })}
        </div>
      </ScrollArea>
      <Menu position="bottom-end" withArrow shadow="md">
        <Menu.Target>
          <ActionIcon variant="default" size="md" aria-label={t('标签操作')}>
            <IconChevronDown size={16} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          <Menu.Item leftSection={<IconArrowsHorizontal size={14} />} onClick={onCloseOthers}>{t('关闭其他')}</Menu.Item>
          <Menu.Item leftSection={<IconX size={14} />} onClick={onCloseAll}>{t('关闭全部')}</Menu.Item>
        </Menu.Dropdown>
      </Menu>
    </div>
  );
}
