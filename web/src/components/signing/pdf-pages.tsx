import { Alert, Anchor, Box, Center, Group, Loader, Stack, Text, VisuallyHidden } from '@mantine/core';
import type { PDFDocumentLoadingTask, PDFDocumentProxy, RenderTask } from 'pdfjs-dist';
import { type RefObject, useEffect, useRef, useState } from 'react';

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

/** A page's size in PDF points: its box keeps these proportions before and after it is drawn. */
interface PageSize {
  width: number;
  height: number;
}

type DocumentState =
  | { status: 'loading' }
  | { status: 'failed' }
  | { status: 'ready'; pdf: PDFDocumentProxy; firstPage: PageSize };

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
      .then(async (pdf) => {
        if (cancelled || !pdf) return;
        // The first page's size, before any page is drawn: every page's box has a page's shape from
        // the start, where an empty canvas would be a short white strip that then jumps in height.
        const { width, height } = (await pdf.getPage(1)).getViewport({ scale: 1 });
        if (!cancelled) setState({ status: 'ready', pdf, firstPage: { width, height } });
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

/**
 * Sharp on a phone's dense screen (an iPhone's 3 device pixels per CSS pixel), without the memory of
 * a canvas denser than any screen's.
 */
const MAX_PIXEL_RATIO = 3;

/** The CSS width of `element`, followed as it changes (a turned phone, a resized window). */
function useWidth(element: RefObject<HTMLElement | null>): number {
  const [width, setWidth] = useState(0);
  useEffect(() => {
    const target = element.current;
    if (!target) return;
    setWidth(Math.round(target.clientWidth));
    const observer = new ResizeObserver(([entry]) => {
      if (entry) setWidth(Math.round(entry.contentRect.width));
    });
    observer.observe(target);
    return () => observer.disconnect();
  }, [element]);
  return width;
}

interface PdfPageProps {
  pdf: PDFDocumentProxy;
  number: number;
  count: number;
  /** The first page's size: this page's shape until its own is known (documents keep one size). */
  initialSize: PageSize;
}

/**
 * One page drawn on a canvas as wide as the viewer, at the screen's pixel density, with its text
 * beside it for screen readers (the canvas is only a picture). Until it is drawn the page's box,
 * of the page's shape, shows a loader; a redraw (a new width) is drawn aside and then shown whole.
 */
function PdfPage({ pdf, number, count, initialSize }: PdfPageProps) {
  const figureRef = useRef<HTMLElement>(null);
  const canvasRef = useRef<HTMLCanvasElement>(null);
  const cssWidth = useWidth(figureRef);
  const [size, setSize] = useState(initialSize);
  const [drawn, setDrawn] = useState(false);
  const [lines, setLines] = useState<string[]>([]);

  useEffect(() => {
    let cancelled = false;
    pdf
      .getPage(number)
      .then(async (page) => {
        const { width, height } = page.getViewport({ scale: 1 });
        if (!cancelled) setSize({ width, height });
        const content = await page.getTextContent();
        if (!cancelled) setLines(linesOf(content.items));
      })
      .catch(() => {});
    return () => {
      cancelled = true;
    };
  }, [pdf, number]);

  useEffect(() => {
    if (cssWidth === 0) return;
    let cancelled = false;
    let render: RenderTask | undefined;
    const draw = async () => {
      const page = await pdf.getPage(number);
      if (cancelled) return;
      const pixelRatio = Math.min(window.devicePixelRatio || 1, MAX_PIXEL_RATIO);
      const viewport = page.getViewport({
        scale: (cssWidth / page.getViewport({ scale: 1 }).width) * pixelRatio,
      });
      // Drawn on a canvas of its own, then copied at once: the page shown is never half drawn.
      const offscreen = document.createElement('canvas');
      offscreen.width = Math.floor(viewport.width);
      offscreen.height = Math.floor(viewport.height);
      render = page.render({ canvas: offscreen, viewport });
      await render.promise;
      const canvas = canvasRef.current;
      if (cancelled || !canvas) return;
      canvas.width = offscreen.width;
      canvas.height = offscreen.height;
      canvas.getContext('2d')?.drawImage(offscreen, 0, 0);
      setDrawn(true);
    };
    // A render cancelled by unmounting or a new width rejects: nothing is left to show it to.
    draw().catch(() => {});
    return () => {
      cancelled = true;
      render?.cancel();
    };
  }, [pdf, number, cssWidth]);

  return (
    <Box
      component="figure"
      ref={figureRef}
      m={0}
      pos="relative"
      aria-label={`Page ${number} of ${count}`}
      aria-busy={!drawn}
    >
      <canvas
        ref={canvasRef}
        style={{
          display: 'block',
          width: '100%',
          height: 'auto',
          aspectRatio: `${size.width} / ${size.height}`,
          background: 'white',
          boxShadow: 'var(--mantine-shadow-xs)',
        }}
      />
      {!drawn && (
        <Center pos="absolute" inset={0} aria-hidden>
          <Loader size="md" />
        </Center>
      )}
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
              <PdfPage
                key={number}
                pdf={state.pdf}
                number={number}
                count={state.pdf.numPages}
                initialSize={state.firstPage}
              />
            ))}
          </Stack>
        )}
      </Box>
      {download}
    </Box>
  );
}
