import { Alert, Anchor, Box, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { useEffect, useRef, useState } from 'react';

/**
 * pdf.js and its worker, each a file of its own fetched only when a document is shown: the login
 * page's JavaScript budget never carries them. The worker is a plain asset of our origin, which the
 * portal's Content-Security-Policy allows as a worker (`'self'`).
 */
async function loadPdfJs() {
  const [pdfjs, worker] = await Promise.all([
    import('pdfjs-dist'),
    import('pdfjs-dist/build/pdf.worker.min.mjs?url'),
  ]);
  pdfjs.GlobalWorkerOptions.workerSrc = worker.default;
  return pdfjs;
}

type DocumentState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; pdf: PDFDocumentProxy };

function usePdfDocument(url: string): DocumentState {
  const [state, setState] = useState<DocumentState>({ status: 'loading' });
  useEffect(() => {
    let cancelled = false;
    let task: PDFDocumentLoadingTask | undefined;
    setState({ status: 'loading' });
    loadPdfJs()
      .then((pdfjs) => {
        if (cancelled) return null;
        task = pdfjs.getDocument({ url });
        return task.promise;
      })
      .then((pdf) => {
        if (!cancelled && pdf) setState({ status: 'ready', pdf });
      })
      .catch(() => {
        if (!cancelled) setState({ status: 'failed' });
      });
    return () => {
      cancelled = true;
      void task?.destroy();
    };
  }, [url]);
  return state;
}

/** A page's text in reading order, one string a line (pdf.js marks the ends of lines). */
function linesOf(items: readonly object[]): string[] {
  const lines: string[] = [];
  let line = '';
  for (const item of items) {
    if (!('str' in item) || typeof item.str !== 'string') continue;
    line += item.str;
    if ('hasEOL' in item && item.hasEOL) {
      lines.push(line);
      line = '';
    }
  }
  if (line) lines.push(line);
  return lines.map((text) => text.trim()).filter(Boolean);
}

const pageNumbers = (count: number) => Array.from({ length: count }, (_, index) => index + 1);

/** Sharp on a phone's dense screen, without the memory of a 3× canvas per page. */
const MAX_PIXEL_RATIO = 2;

/**
 * One page drawn on a canvas as wide as the viewer, with its text beside it for screen readers
 * (the canvas is only a picture).
 */
function PdfPage({ pdf, number, count }: { pdf: PDFDocumentProxy; number: number; count: number }) {
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const [lines, setLines] = useState<string[]>([]);
  useEffect(() => {
    let cancelled = false;
    let render: RenderTask | undefined;
    const draw = async () => {
      const page = await pdf.getPage(number);
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      const cssWidth = canvas.parentElement?.clientWidth || 600;
      const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      const viewport = page.getViewport({
        scale: (cssWidth / page.getViewport({ scale: 1 }).width) * pixelRatio,
      });
      canvas.width = Math.floor(viewport.width);
      canvas.height = Math.floor(viewport.height);
      render = page.render({ canvas, viewport });
      await render.promise;
      const content = await page.getTextContent();
      if (!cancelled) setLines(linesOf(content.items));
    };
    // A render cancelled by unmounting rejects: nothing is left to show it to.
    draw().catch(() => {});
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, number]);
  return (
    <Box component="figure" m={0} aria-label={`Page ${number} of ${count}`}>
      <canvas
        ref={canvasRef}
        style={{
          display: 'block',
          width: '100%',
          height: 'auto',
          background: 'white',
          boxShadow: 'var(--mantine-shadow-xs)',
        }}
      />
      <VisuallyHidden>
        {lines.map((line, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a page never move
          <p key={index}>{line}</p>
        ))}
      </VisuallyHidden>
    </Box>
  );
}

interface PdfPagesProps {
  /** The PDF (same origin: the portal's signed media address). */
  url: string;
  /** The document's name: the viewer is named after it. */
  title: string;
  /** The viewer's height (CSS); its pages scroll inside it. */
  height: string;
}

/**
 * A PDF's pages drawn in the page itself with pdf.js, where a frame would stay blank in a browser
 * without a PDF viewer (phones, headless browsers). Each page is a figure named "Page n of N"
 * holding its text; the download link opens the file itself.
 */
export function PdfPages({ url, title, height }: PdfPagesProps) {
  const state = usePdfDocument(url);
  const download = (
    <Text size="sm" mt={4}>
      <Anchor href={url} download>
        Download the document (PDF)
      </Anchor>
    </Text>
  );
  if (state.status === 'failed') {
    return (
      <Box>
        <Alert color="yellow" variant="light" role="status">
          The document cannot be shown here: download it to read it before signing.
        </Alert>
        {download}
      </Box>
    );
  }
  return (
    <Box>
      <Box
        role="region"
        aria-label={`${title} (PDF)`}
        // Its pages scroll inside it: keyboard users scroll it once it has focus.
        tabIndex={0}
        h={height}
        mih={320}
        p="xs"
        style={{
          overflowY: 'auto',
          border: '1px solid var(--mantine-color-default-border)',
          borderRadius: 'var(--mantine-radius-sm)',
          background: 'var(--mantine-color-gray-1)',
        }}
      >
        {state.status === 'loading' ? (
          <Group gap="sm" justify="center" py="xl">
            <Loader size="sm" />
            <Text>Opening the document...</Text>
          </Group>
        ) : (
          <Stack gap="xs">
            {pageNumbers(state.pdf.numPages).map((number) => (
              <PdfPage key={number} pdf={state.pdf} number={number} count={state.pdf.numPages} />
            ))}
          </Stack>
        )}
      </Box>
      {download}
    </Box>
  );
}
