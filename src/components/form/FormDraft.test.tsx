import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { renderWithProviders, testUser } from '../../../test/renderWithProviders';
import { flushDrafts, readDraft, removeUserDrafts, writeDraft } from '../../drafts/draftStore';
import { t } from '../../shared/messages';
import { FormDraft } from './FormDraft';
import { FormTextField } from './FormTextField';
import { PasswordField } from './PasswordField';
import { SCREEN_TEXT } from '../../shared/messages/screens';

interface Values {
  name: string;
  password: string;
}

let formCount = 0;
/** Each test works on its own form key, so drafts of one test never meet another's. */
const nextKey = () => `things:${++formCount}`;

function DraftForm({
  formKey,
  initial = { name: 'Pump', password: '' },
  delayMs = 10,
}: {
  formKey: string;
  initial?: Values;
  delayMs?: number;
}) {
  return (
    <Formik<Values> initialValues={initial} onSubmit={() => undefined}>
      <Form>
        <FormDraft formKey={formKey} delayMs={delayMs} />
        <FormTextField name="name" label="Name" />
        <PasswordField name="password" label="Password" />
      </Form>
    </Formik>
  );
}

describe('FormDraft', () => {
  it('keeps the typed values of the signed-in user in IndexedDB, without the password', async () => {
    const formKey = nextKey();
    renderWithProviders(<DraftForm formKey={formKey} />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Name'), ' 300');
    await user.type(screen.getByLabelText('Password'), 'secret-value');
    await waitFor(async () =>
      expect((await readDraft<Values>(testUser.id, formKey))?.values).toEqual({ name: 'Pump 300' }),
    );
  });

  it('offers a kept draft with its time; Restore puts its values back', async () => {
    const formKey = nextKey();
    const savedAt = new Date(2026, 2, 3, 10, 42).getTime();
    await writeDraft(testUser.id, formKey, { name: 'Pump draft' }, savedAt);
    renderWithProviders(<DraftForm formKey={formKey} />);
    const offer = await screen.findByText(t('draftFound', { time: '03 Mar 2026 10:42' }));
    expect(offer).toBeVisible();
    expect(screen.getByLabelText('Name')).toHaveValue('Pump');
    await userEvent.click(screen.getByRole('button', { name: SCREEN_TEXT.restore }));
    expect(screen.getByLabelText('Name')).toHaveValue('Pump draft');
    expect(screen.queryByText(/You have unsaved changes/)).not.toBeInTheDocument();
  });

  it('shows only the time for a draft kept today', async () => {
    const formKey = nextKey();
    const today = new Date();
    today.setHours(9, 5, 0, 0);
    await writeDraft(testUser.id, formKey, { name: 'Pump draft' }, today.getTime());
    renderWithProviders(<DraftForm formKey={formKey} />);
    expect(await screen.findByText(t('draftFound', { time: '09:05' }))).toBeVisible();
  });

  it('Discard removes the kept draft and leaves the saved values', async () => {
    const formKey = nextKey();
    await writeDraft(testUser.id, formKey, { name: 'Pump draft' }, Date.now());
    renderWithProviders(<DraftForm formKey={formKey} />);
    await userEvent.click(await screen.findByRole('button', { name: SCREEN_TEXT.discard }));
    expect(screen.getByLabelText('Name')).toHaveValue('Pump');
    await waitFor(async () => expect(await readDraft(testUser.id, formKey)).toBeUndefined());
  });

  it('does not offer a draft that holds the saved values, and removes it', async () => {
    const formKey = nextKey();
    await writeDraft(testUser.id, formKey, { name: 'Pump', password: '' }, Date.now());
    renderWithProviders(<DraftForm formKey={formKey} />);
    await waitFor(async () => expect(await readDraft(testUser.id, formKey)).toBeUndefined());
    expect(screen.queryByRole('button', { name: SCREEN_TEXT.restore })).not.toBeInTheDocument();
  });

  it('removes the draft when the user types the saved values back', async () => {
    const formKey = nextKey();
    renderWithProviders(<DraftForm formKey={formKey} />);
    const user = userEvent.setup();
    const name = screen.getByLabelText('Name');
    await user.type(name, 'X');
    await waitFor(async () => expect(await readDraft(testUser.id, formKey)).toBeDefined());
    await user.type(name, '{Backspace}');
    await waitFor(async () => expect(await readDraft(testUser.id, formKey)).toBeUndefined());
  });

  it('writes the latest values at once when asked to (before the page reloads)', async () => {
    const formKey = nextKey();
    // A pause so long that only the flush can have written.
    renderWithProviders(<DraftForm formKey={formKey} delayMs={3_600_000} />);
    await userEvent.type(screen.getByLabelText('Name'), ' 9');
    expect(await readDraft(testUser.id, formKey)).toBeUndefined();
    await flushDrafts();
    expect((await readDraft<Values>(testUser.id, formKey))?.values.name).toBe('Pump 9');
  });

  it('keeps unsaved values when the form is left', async () => {
    const formKey = nextKey();
    const { unmount } = renderWithProviders(<DraftForm formKey={formKey} delayMs={3_600_000} />);
    await userEvent.type(screen.getByLabelText('Name'), ' left');
    unmount();
    await waitFor(async () =>
      expect((await readDraft<Values>(testUser.id, formKey))?.values.name).toBe('Pump left'),
    );
  });
});

describe('removeUserDrafts', () => {
  it("removes one user's drafts and keeps the others'", async () => {
    await writeDraft(41, 'brands:1', { name: 'a' }, 1);
    await writeDraft(41, 'brands:new', { name: 'b' }, 1);
    await writeDraft(42, 'brands:1', { name: 'c' }, 1);
    await removeUserDrafts(41);
    expect(await readDraft(41, 'brands:1')).toBeUndefined();
    expect(await readDraft(41, 'brands:new')).toBeUndefined();
    expect((await readDraft(42, 'brands:1'))?.values).toEqual({ name: 'c' });
  });
});
