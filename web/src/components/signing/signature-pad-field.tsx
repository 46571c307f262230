import { Box, Button, Group, Input, Text } from '@mantine/core';
import { useEffect, useId, useRef } from 'react';
import SignaturePad from 'signature_pad';

interface SignaturePadFieldProps {
  /** The drawing as a PNG data URL, or null while the pad is empty (after Clear too). */
  onChange: (image: string | null) => void;
  error?: string;
}

const PAD_HEIGHT = 180;
/** Enough for a crisp stamp; more would only make the PNG larger than the server accepts. */
const MAX_PIXEL_RATIO = 2;

/**
 * A drawn signature (signature_pad on a canvas) with Clear. The canvas is sized to its box in device
 * pixels, so strokes follow the pointer; a resize clears it (the old strokes would be distorted).
 */
export function SignaturePadField({ onChange, error }: SignaturePadFieldProps) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const padRef = useRef<SignaturePad | null>(null);
  // The latest callback without re-creating the pad when the parent re-renders.
  const onChangeRef = useRef(onChange);
  onChangeRef.current = onChange;
  const labelId = useId();
  const errorId = useId();

  useEffect(() => {
    const canvas = canvasRef.current;
    if (!canvas) return;
    const pad = new SignaturePad(canvas, { penColor: '#1a1b1e', backgroundColor: 'rgba(0,0,0,0)' });
    padRef.current = pad;
    const fitCanvasToBox = () => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
      canvas.width = Math.round(canvas.offsetWidth * ratio);
      canvas.height = Math.round(canvas.offsetHeight * ratio);
      canvas.getContext('2d')?.scale(ratio, ratio);
      pad.clear();
      onChangeRef.current(null);
    };
    fitCanvasToBox();
    const observer = new ResizeObserver(() => {
      const ratio = Math.min(Math.max(window.devicePixelRatio || 1, 1), MAX_PIXEL_RATIO);
      if (Math.round(canvas.offsetWidth * ratio) !== canvas.width) fitCanvasToBox();
    });
    observer.observe(canvas);
    const onEnd = () => onChangeRef.current(pad.isEmpty() ? null : pad.toDataURL('image/png'));
    pad.addEventListener('endStroke', onEnd);
    return () => {
      observer.disconnect();
      pad.removeEventListener('endStroke', onEnd);
      pad.off();
      padRef.current = null;
    };
  }, []);

  const clear = () => {
    padRef.current?.clear();
    onChange(null);
  };

  return (
    <Input.Wrapper
      labelElement="div"
      label={<span id={labelId}>Draw your signature</span>}
      description="Use your mouse, finger or stylus in the box below."
      error={error && <span id={errorId}>{error}</span>}
    >
      <Box
        mt={4}
        style={{
          border: `1px solid ${error ? 'var(--mantine-color-error)' : 'var(--mantine-color-default-border)'}`,
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-white)',
        }}
      >
        <canvas
          ref={canvasRef}
          role="img"
          aria-labelledby={labelId}
          aria-describedby={error ? errorId : undefined}
          data-testid="signature-pad"
          style={{
            display: 'block',
            width: '100%',
            height: PAD_HEIGHT,
            touchAction: 'none',
            cursor: 'crosshair',
          }}
        />
      </Box>
      <Group justify="space-between" mt={4}>
        <Text size="xs" c="dimmed">
          Prefer the keyboard? Choose Type instead.
        </Text>
        <Button size="xs" variant="default" onClick={clear}>
          Clear
        </Button>
      </Group>
    </Input.Wrapper>
  );
}
