// A full-width status message (403, 404, a failed start-up): big code, title, explanation, actions.
import type { ReactNode } from 'react';
import { Center, Stack, Text, Title } from '@mantine/core';

export interface StatusPageProps { code?: string; icon?: ReactNode; title: string; description?: ReactNode; actions?: ReactNode; minHeight?: string }

export function StatusPage({ code, icon, title, description, actions, minHeight = '60vh' }: StatusPageProps) {
  return (
    <Center mih={minHeight} px="md" py="xl">
      <Stack align="center" gap="sm" maw={480} ta="center">
        {icon}
        {code && <Text fz={72} fw={800} lh={1} c="blue.1" style={{ letterSpacing: 4 }} aria-hidden>{code}</Text>}
        <Title order={2} fz={{ base: 'h3', sm: 'h2' }}>{title}</Title>
        {description && <Text c="dimmed" size="sm">{description}</Text>}
        {actions && <Stack gap="xs" mt="sm" w="100%" align="center">{actions}</Stack>}
      </Stack>
    </Center>
  );
}
