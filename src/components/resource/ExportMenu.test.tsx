import { ReadableStream } from 'node:stream/web';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork, TEST_HOST } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { transfer } from '../../shared/messages/transfer';
import { productsResource } from '../../shared/resources/products';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { ExportMenu } from './ExportMenu';
import { SCREEN_TEXT } from '../../shared/messages/screens';

const params = { page: 1, per_page: 20, search: 'pump' };

/** A fetch answering an export whose body the test writes chunk by chunk. */
function streamingExport(headers: Record<string, string>, format = 'csv') {
  const seen: { url: string; signal: AbortSignal }[] = [];
  let send!: (text: string) => void;
  let finish!: () => void;
  globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
    const signal = init?.signal ?? new AbortController().signal;
    seen.push({ url: String(input), signal });
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        send = (text) => controller.enqueue(new TextEncoder().encode(text));
        finish = () => controller.close();
        signal.addEventListener('abort', () => controller.error(new DOMException('aborted', 'AbortError')));
      },
    });
    return new Response(body as unknown as BodyInit, {
      headers: {
        'content-disposition': `attachment; filename="products-2026-11-24.${format}"`,
        ...headers,
      },
    });
  };
  return { seen, send: (text: string) => send(text), finish: () => finish() };
}

describe('ExportMenu', () => {
  /** The files the browser was handed to save. */
  let saved: string[];
  beforeEach(() => {
    saved = [];
    jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push(this.download);
    });
    fakeNetwork();
    localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
    URL.createObjectURL = jest.fn(() => 'blob:export');
    URL.revokeObjectURL = jest.fn();
  });
  afterEach(() => {
    localStorage.clear();
    jest.restoreAllMocks();
  });

  const open = async (format: string) => {
    const actor = userEvent.setup({ delay: null });
    const rendered = renderWithProviders(<ExportMenu contract={productsResource} params={params} />);
    await actor.click(screen.getByRole('button', { name: SCREEN_TEXT.export }));
    await actor.click(screen.getByRole('menuitem', { name: format }));
    return { actor, ...rendered };
  };

  it('shows the rows written of the announced total while a long export runs, then its notification', async () => {
    const network = streamingExport({ 'x-total-count': '3' });
    await open('CSV');
    expect(network.seen[0].url).toBe(`${TEST_HOST}/api/products/export?search=pump&format=csv`);
    network.send('\ufeffName,Slug\nPump 1,pump-1\n');
    const panel = await screen.findByRole('status');
    await waitFor(() => expect(panel).toHaveTextContent('1 of 3 rows'));
    // A cell holding a line break is one row.
    network.send('"Pump\n2",pump-2\n');
    await waitFor(() => expect(panel).toHaveTextContent('2 of 3 rows'));
    expect(screen.getByRole('progressbar', { name: '2 of 3 rows' })).toHaveAttribute('aria-valuenow', '67');
    network.send('Pump 3,pump-3\n');
    network.finish();
    expect(await screen.findByText(LIST_SCREEN_MESSAGES.exportFinished)).toBeInTheDocument();
    expect(saved).toEqual(['products-2026-11-24.csv']);
    await waitFor(() => expect(screen.queryByRole('status')).not.toBeInTheDocument());
  });

  it('says "about" for an estimated total', async () => {
    const network = streamingExport({ 'x-total-count': '1200000', 'x-total-estimated': 'true' });
    await open('CSV');
    network.send('Name\nPump 1\n');
    const panel = await screen.findByRole('status');
    await waitFor(() => expect(panel).toHaveTextContent('1 of about 1,200,000 rows'));
    network.finish();
    await screen.findByText(LIST_SCREEN_MESSAGES.exportFinished);
    expect(saved).toEqual(['products-2026-11-24.csv']);
  });

  it('Cancel aborts the download and says so; nothing is saved', async () => {
    const network = streamingExport({ 'x-total-count': '1000' }, 'xlsx');
    const { actor, store } = await open('XLSX');
    network.send('PK\u0003\u0004 some bytes');
    // An XLSX's rows cannot be counted as it arrives: the bytes are.
    expect(await screen.findByText('15 B received')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: transfer.cancelExport }));
    expect(network.seen[0].signal.aborted).toBe(true);
    expect(await screen.findByText(transfer.exportCancelled)).toBeInTheDocument();
    expect(saved).toEqual([]);
    expect(store.getState().toasts.map((toast) => toast.severity)).toEqual(['info']);
    expect(screen.getByRole('button', { name: SCREEN_TEXT.export })).toBeEnabled();
  });
});
