// The live camera picture, loaded lazily (see camera-scanner.tsx): mounting starts the rear camera,
// unmounting (the toggle, a route change) stops it and releases the stream.
import { useEffect, useId, useLayoutEffect, useRef, useState, type ReactNode } from 'react';
import { Alert, Box, Loader, Text } from '@mantine/core';
import { useDocumentVisibility } from '@mantine/hooks';
import { startCamera } from '../../lib/scanner/camera-engine.ts';
import { useT } from '../../lib/i18n.ts';

export interface CameraViewProps {
  onDecode: (text: string) => void;
  /** Over the bottom of the picture: the verdict on the last scan, where the picker is looking (issue 45 §5). */
  overlay?: ReactNode;
}

export default function CameraView({ onDecode, overlay }: CameraViewProps) {
  const t = useT();
  const elementId = `camera-${useId().replace(/[^a-zA-Z0-9_-]/g, '')}`;
  const [state, setState] = useState<{ kind: 'starting' } | { kind: 'live' } | { kind: 'error'; message: string }>({ kind: 'starting' });
  const onDecodeRef = useRef(onDecode);
  useLayoutEffect(() => {
    onDecodeRef.current = onDecode;
  }, [onDecode]);

  // A hidden tab (the phone locked, another app) keeps no camera open; back in view, it starts again.
  const visible = useDocumentVisibility() !== 'hidden';

  useEffect(() => {
    if (!visible) return;
    const session = startCamera({
      elementId,
      onDecode: (text) => onDecodeRef.current(text),
      onStarted: () => setState({ kind: 'live' }),
      onError: (message) => setState({ kind: 'error', message }),
    });
    return () => {
      void session.stop();
      setState({ kind: 'starting' });
    };
  }, [elementId, visible]);

  return (
    <Box data-testid="camera-view" data-state={state.kind}>
      <Box style={{ position: 'relative', width: '100%', maxWidth: 480, margin: '0 auto' }}>
        <Box id={elementId} style={{ width: '100%', minHeight: state.kind === 'error' ? 0 : 180, background: '#000', borderRadius: 8, overflow: 'hidden' }} />
        {overlay && (
          <Box data-testid="camera-overlay" style={{ position: 'absolute', left: 6, right: 6, bottom: 6, maxHeight: 'calc(100% - 12px)', overflow: 'auto', zIndex: 2 }}>
            {overlay}
          </Box>
        )}
      </Box>
      {state.kind === 'starting' && (
        <Text size="sm" c="dimmed" ta="center" mt={4}><Loader size="xs" mr={6} />{t('正在打开摄像头…')}</Text>
      )}
      {state.kind === 'live' && <Text size="sm" c="dimmed" ta="center" mt={4}>{t('把条码放进框内')}</Text>}
      {state.kind === 'error' && <Alert color="red" mt="xs" data-testid="camera-error">{t(state.message)}</Alert>}
    </Box>
  );
}
