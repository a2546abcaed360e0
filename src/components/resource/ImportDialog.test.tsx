import { IMPORT_MESSAGES } from '../../shared/messages/imports';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useImportUsersMutation } from '../../../store/usersApi';
import { fakeNetwork, TEST_HOST } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { usersResource } from '../../shared/resources/users';
import { STORAGE_KEYS } from '../../shared/storageKeys';
import { ImportDialog } from './ImportDialog';
import { transfer } from '../../shared/messages/transfer';
import { SCREEN_TEXT } from '../../shared/messages/screens';

const csv = () => new File(['name,email\n,ada@example.com\n'], 'users.csv', { type: 'text/csv' });

function renderDialog() {
  const onClose = jest.fn();
  const result = renderWithProviders(
    <ImportDialog open onClose={onClose} contract={usersResource} useImport={useImportUsersMutation} />,
  );
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error('no file input');
  return { ...result, onClose, input, actor: userEvent.setup({ delay: null }) };
}

describe('ImportDialog', () => {
  it('uploads the chosen file and closes with the server message', async () => {
    const { requestsTo } = fakeNetwork({
      'POST /api/users/import': {
        body: { data: { created: 2, updated: 0 }, message: 'User has been successfully imported' },
      },
    });
    const { input, actor, onClose } = renderDialog();
    expect(screen.getByRole('button', { name: SCREEN_TEXT.upload })).toBeDisabled();
    await actor.upload(input, csv());
    expect(screen.getByText('users.csv')).toBeInTheDocument();
    await actor.click(screen.getByRole('button', { name: SCREEN_TEXT.upload }));
    expect(await screen.findByText('User has been successfully imported')).toBeInTheDocument();
    expect(onClose).toHaveBeenCalled();
    expect(requestsTo('/api/users/import')).toEqual([
      expect.objectContaining({ method: 'POST', body: 'multipart' }),
    ]);
  });

  it('lists the rows a 422 refuses, without toasting them', async () => {
    fakeNetwork({
      'POST /api/users/import': {
        status: 422,
        body: {
          message: 'The file has errors; nothing was imported.',
          errors: { 'row 3': ['Name is required'], 'row 5': ['Email does not match', 'Role is invalid'] },
        },
      },
    });
    const { input, actor, onClose, store } = renderDialog();
    await actor.upload(input, csv());
    await actor.click(screen.getByRole('button', { name: SCREEN_TEXT.upload }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(IMPORT_MESSAGES.importInvalid);
    expect(alert).toHaveTextContent('row 3: Name is required');
    expect(alert).toHaveTextContent('row 5: Email does not match');
    expect(alert).toHaveTextContent('row 5: Role is invalid');
    expect(onClose).not.toHaveBeenCalled();
    expect(store.getState().toasts).toEqual([]);
  });

  it('shows any other failure in place', async () => {
    fakeNetwork({
      'POST /api/users/import': { status: 413, body: { message: 'The file is larger than 10 MB' } },
    });
    const { input, actor } = renderDialog();
    await actor.upload(input, csv());
    await actor.click(screen.getByRole('button', { name: SCREEN_TEXT.upload }));
    await waitFor(() => expect(screen.getByRole('alert')).toHaveTextContent('The file is larger than 10 MB'));
  });

  it('"Check the file" sends a dry run and says what the import would do; nothing closes', async () => {
    fakeNetwork();
    const urls: string[] = [];
    globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
      urls.push(new Request(input, init).url);
      return Response.json({
        data: { created: 1200, updated: 3, dry_run: true },
        message: 'The file was checked and nothing was imported: 1200 to create, 3 to update.',
      });
    };
    const { input, actor, onClose } = renderDialog();
    expect(screen.getByRole('button', { name: transfer.checkFile })).toBeDisabled();
    await actor.upload(input, csv());
    await actor.click(screen.getByRole('button', { name: transfer.checkFile }));
    const result = await screen.findByRole('status');
    expect(result).toHaveTextContent(transfer.checkPassed);
    expect(result).toHaveTextContent('1,200 rows would be created, 3 updated.');
    expect(urls).toEqual([`${TEST_HOST}/api/users/import?dry_run=true`]);
    expect(onClose).not.toHaveBeenCalled();
  });

  it('"Check the file" also counts the rows the file matched that already hold its values', async () => {
    fakeNetwork();
    globalThis.fetch = async () =>
      Response.json({
        data: { created: 0, updated: 3, unchanged: 9997, dry_run: true },
        message: 'The file was checked and nothing was imported: 0 to create, 3 to update, 9997 unchanged.',
      });
    const { input, actor } = renderDialog();
    await actor.upload(input, csv());
    await actor.click(screen.getByRole('button', { name: transfer.checkFile }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      '0 rows would be created, 3 updated, 9,997 unchanged.',
    );
  });

  it('"Check the file" lists the rows a 422 refuses', async () => {
    fakeNetwork({
      'POST /api/users/import': {
        status: 422,
        body: { message: IMPORT_MESSAGES.importInvalid, errors: { 'row 2': ['Name is required'] } },
      },
    });
    const { input, actor } = renderDialog();
    await actor.upload(input, csv());
    await actor.click(screen.getByRole('button', { name: transfer.checkFile }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('row 2: Name is required');
    expect(screen.queryByText(transfer.checkPassed)).not.toBeInTheDocument();
  });

  it('shows a progress bar while the import runs, and no buttons to press again', async () => {
    let answer!: () => void;
    fakeNetwork({
      'POST /api/users/import': () =>
        new Promise((resolve) => {
          answer = () => resolve({ body: { data: { created: 1, updated: 0 }, message: 'Imported' } });
        }),
    });
    const { input, actor, onClose } = renderDialog();
    await actor.upload(input, csv());
    await actor.click(screen.getByRole('button', { name: SCREEN_TEXT.upload }));
    expect(await screen.findByRole('progressbar', { name: transfer.importing })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: SCREEN_TEXT.upload })).toBeDisabled();
    expect(screen.getByRole('button', { name: transfer.checkFile })).toBeDisabled();
    answer();
    await waitFor(() => expect(onClose).toHaveBeenCalled());
  });

  describe('template download', () => {
    beforeEach(() => {
      localStorage.setItem(STORAGE_KEYS.accessToken, 'token-1');
      URL.createObjectURL = jest.fn(() => 'blob:template');
      URL.revokeObjectURL = jest.fn();
    });
    afterEach(() => localStorage.clear());

    it.each([
      ['CSV template', 'csv'],
      ['XLSX template', 'xlsx'],
    ])('%s downloads GET /api/{group}/import-template with the Bearer token', async (name, format) => {
      fakeNetwork();
      const seen: Request[] = [];
      globalThis.fetch = async (input: RequestInfo | URL, init?: RequestInit) => {
        seen.push(new Request(input, init));
        return new Response('name,email\n', {
          headers: { 'content-disposition': `attachment; filename="users-template.${format}"` },
        });
      };
      const saved: string[] = [];
      const click = jest.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
        this: HTMLAnchorElement,
      ) {
        saved.push(this.download);
      });
      const { actor, onClose } = renderDialog();
      await actor.click(screen.getByRole('button', { name }));
      await waitFor(() => expect(saved).toEqual([`users-template.${format}`]));
      expect(seen).toHaveLength(1);
      expect(seen[0].url).toBe(`${TEST_HOST}/api/users/import-template?format=${format}`);
      expect(seen[0].headers.get('authorization')).toBe('Bearer token-1');
      expect(onClose).not.toHaveBeenCalled();
      click.mockRestore();
    });

    it('toasts a refused template download and keeps the dialog open', async () => {
      fakeNetwork({
        'GET /api/users/import-template': { status: 403, body: { message: 'This action is unauthorized.' } },
      });
      const { actor, onClose } = renderDialog();
      await actor.click(screen.getByRole('button', { name: 'XLSX template' }));
      expect(await screen.findByText('This action is unauthorized.')).toBeInTheDocument();
      expect(screen.getByRole('dialog')).toBeInTheDocument();
      expect(onClose).not.toHaveBeenCalled();
    });
  });
});
