import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { en, format, LABELS } from '../../shared/messages';
import { BULK_EDIT_MESSAGES } from '../../shared/messages/bulkEdit';
import { historyText } from '../../shared/messages/historyScreens';
import type { BulkEditPreview } from '../../shared/resources/bulkEdit';
import { productsResource } from '../../shared/resources/products';
import { BulkEditDialog, type BulkEditTarget } from './BulkEditDialog';

const PREVIEW: BulkEditPreview = {
  matched: 3,
  changing: 1,
  unchanged: 1,
  refused: [{ id: 9, title: 'Locked pump', message: 'You cannot change this product' }],
  fields: { status: { to: 0, from: [{ value: 1, label: en.active, count: 1 }] } },
  token: 'preview-token',
};

const BRANDS = {
  data: [
    { id: 4, name: 'Acme' },
    { id: 5, name: 'Globex' },
  ],
};

function renderDialog(target: BulkEditTarget = { ids: [1, 2, 9] }) {
  const onClose = jest.fn();
  const onDone = jest.fn();
  const result = renderWithProviders(
    <BulkEditDialog
      open
      onClose={onClose}
      onDone={onDone}
      contract={productsResource}
      target={target}
      count={3}
    />,
  );
  return { ...result, onClose, onDone, actor: userEvent.setup({ delay: null }) };
}

/** Picks an option of the select labelled `label` in the dialog. */
async function choose(actor: ReturnType<typeof userEvent.setup>, label: string | RegExp, option: string) {
  await actor.click(within(screen.getByRole('dialog')).getByRole('combobox', { name: label }));
  await actor.click(within(screen.getByRole('listbox')).getByRole('option', { name: option }));
}

describe('BulkEditDialog', () => {
  it('previews on the server, shows the counts and the refused rows, then applies with the token', async () => {
    const { requestsTo } = fakeNetwork({
      'POST /api/products/bulk-edit/preview': { body: { data: PREVIEW } },
      'POST /api/products/bulk-edit': {
        body: {
          data: { updated: 1, unchanged: 1, refused: PREVIEW.refused, bulk_id: 'b-1' },
          message: '1 updated',
        },
      },
    });
    const { actor, onClose, onDone } = renderDialog();
    expect(
      screen.getByRole('dialog', { name: format(BULK_EDIT_MESSAGES.title, { count: 3, item: 'product' }) }),
    ).toBeInTheDocument();
    await choose(actor, new RegExp(LABELS.status), en.notActive);
    await actor.click(screen.getByRole('button', { name: BULK_EDIT_MESSAGES.preview }));

    const summary = await screen.findByRole('status');
    expect(summary).toHaveTextContent(
      format(BULK_EDIT_MESSAGES.summary, { matched: 3, changing: 1, unchanged: 1, refused: 1 }),
    );
    expect(
      screen.getByText(format(BULK_EDIT_MESSAGES.fromTo, { count: 1, from: en.active })),
    ).toBeInTheDocument();
    expect(screen.getByText('Locked pump: You cannot change this product')).toBeInTheDocument();
    expect(requestsTo('/api/products/bulk-edit/preview')[0].body).toEqual({
      ids: [1, 2, 9],
      set: { status: 0 },
    });

    await actor.click(screen.getByRole('button', { name: BULK_EDIT_MESSAGES.apply }));
    await waitFor(() => expect(onDone).toHaveBeenCalled());
    expect(onClose).toHaveBeenCalled();
    expect(requestsTo('/api/products/bulk-edit')[0].body).toEqual({
      ids: [1, 2, 9],
      set: { status: 0 },
      token: 'preview-token',
    });
    // The success toast offers Undo of the batch.
    expect(await screen.findByText('1 updated')).toBeInTheDocument();
    // (Hidden from the role tree while the test's dialog, never closed by its mock, stays open.)
    expect(screen.getByRole('button', { name: historyText.undo, hidden: true })).toBeInTheDocument();
  });

  it('sends every row matching the query, and asks for a new preview after a 409', async () => {
    const { requestsTo } = fakeNetwork({
      'GET /api/brands/options': { body: BRANDS },
      'POST /api/products/bulk-edit/preview': {
        body: { data: { ...PREVIEW, refused: [], fields: { brand_id: { to: 5, from: [] } } } },
      },
      'POST /api/products/bulk-edit': { status: 409, body: { message: BULK_EDIT_MESSAGES.stale } },
    });
    const { actor, onDone } = renderDialog({ query: { brand_ids: '4' } });
    await choose(actor, BULK_EDIT_MESSAGES.field, LABELS.brand);
    await choose(actor, new RegExp(BULK_EDIT_MESSAGES.value), 'Globex');
    await actor.click(screen.getByRole('button', { name: BULK_EDIT_MESSAGES.preview }));
    await screen.findByRole('status');
    expect(requestsTo('/api/products/bulk-edit/preview')[0].body).toEqual({
      query: { brand_ids: '4' },
      set: { brand_id: 5 },
    });
    await actor.click(screen.getByRole('button', { name: BULK_EDIT_MESSAGES.apply }));
    expect(await screen.findByRole('alert')).toHaveTextContent(BULK_EDIT_MESSAGES.stale);
    expect(screen.getByRole('button', { name: BULK_EDIT_MESSAGES.preview })).toBeInTheDocument();
    expect(onDone).not.toHaveBeenCalled();
  });

  it('refuses to preview without a value (the field’s own rule)', async () => {
    const { requestsTo } = fakeNetwork({});
    const { actor } = renderDialog();
    await actor.click(screen.getByRole('button', { name: BULK_EDIT_MESSAGES.preview }));
    await waitFor(() =>
      expect(screen.getByRole('combobox', { name: new RegExp(LABELS.status) })).toHaveAttribute(
        'aria-invalid',
        'true',
      ),
    );
    expect(requestsTo('/api/products/bulk-edit/preview')).toEqual([]);
  });
});
