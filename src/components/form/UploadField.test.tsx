import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { fakeNetwork } from '../../../test/fakeNetwork';
import { renderWithProviders } from '../../../test/renderWithProviders';
import type { FileObject } from '../../shared/contracts/account';
import { RECOMMENDED_SIZES } from '../../shared/limits';
import { imageSizeWarning, UploadField, type UploadFieldProps } from './UploadField';
import { t } from '../../shared/messages';
import { SCREEN_TEXT } from '../../shared/messages/screens';

const stored: FileObject = {
  id: 7,
  url: '/uploads/7.png',
  name: 'face.png',
  mime: 'image/png',
  size: 1024,
  width: 400,
  height: 400,
};

function renderField(props: Partial<UploadFieldProps> = {}, initial: number | null = null) {
  const onSubmit = jest.fn();
  const field = {
    name: 'photo',
    label: 'Photo',
    recommended: RECOMMENDED_SIZES.photo,
    ...props,
  } as UploadFieldProps;
  const view = renderWithProviders(
    <Formik initialValues={{ photo: initial }} onSubmit={onSubmit}>
      <Form>
        <UploadField {...field} />
        <button type="submit">Send</button>
      </Form>
    </Formik>,
  );
  return { ...view, onSubmit };
}

const png = (bytes: number, name = 'face.png') =>
  new File([new Uint8Array(bytes)], name, { type: 'image/png' });

describe('UploadField', () => {
  it('shows the recommended size and the maximum file size as its hint', () => {
    fakeNetwork({});
    renderField();
    expect(screen.getByText('Recommended size 400 x 400 px, maximum file size 2 MB')).toBeInTheDocument();
  });

  it('shows the document hint for a document field', () => {
    fakeNetwork({});
    renderField({ kind: 'document', recommended: undefined, name: 'catalogue', label: 'Catalogue' });
    expect(screen.getByText('PDF, maximum file size 10 MB')).toBeInTheDocument();
  });

  it('rejects a file over the size limit without uploading it', async () => {
    const { requests } = fakeNetwork({});
    renderField();
    await userEvent.upload(screen.getByLabelText('Photo'), png(2 * 1024 * 1024 + 1));
    expect(await screen.findByText('The file is larger than 2 MB')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('rejects a file of the wrong type without uploading it', async () => {
    const { requests } = fakeNetwork({});
    const user = userEvent.setup({ applyAccept: false, delay: null });
    renderField();
    const pdf = new File(['%PDF-1.4'], 'brochure.pdf', { type: 'application/pdf' });
    await user.upload(screen.getByLabelText('Photo'), pdf);
    expect(await screen.findByText(SCREEN_TEXT.uploadBadType)).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('uploads an accepted image and sets the field to the returned file id', async () => {
    const { requests } = fakeNetwork({ 'POST /api/uploads': { status: 201, body: { data: stored } } });
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderField({ preview: 'image' });
    await user.upload(screen.getByLabelText('Photo'), png(1024));
    expect(await screen.findByRole('img', { name: 'Photo' })).toHaveAttribute('src', stored.url);
    expect(requests.map((request) => `${request.method} ${request.path}`)).toEqual(['POST /api/uploads']);
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ photo: 7 }, expect.anything()));
  });

  it('clears the field when the file is removed', async () => {
    fakeNetwork({});
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderField({ initialFile: stored, preview: 'image' }, stored.id);
    expect(screen.getByRole('img', { name: 'Photo' })).toHaveAttribute('src', stored.url);
    await user.click(screen.getByRole('button', { name: SCREEN_TEXT.remove }));
    expect(screen.queryByRole('img', { name: 'Photo' })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ photo: null }, expect.anything()));
  });
});

describe('imageSizeWarning', () => {
  const recommended = { width: 1200, height: 800 };
  it('warns of a picture smaller than recommended', () => {
    expect(imageSizeWarning({ width: 600, height: 400 }, recommended)).toBe(
      t('uploadTooSmall', { width: 600, height: 400, rwidth: 1200, rheight: 800 }),
    );
  });
  it('warns of another shape', () => {
    expect(imageSizeWarning({ width: 2000, height: 2000 }, recommended)).toBe(
      t('uploadOtherShape', { width: 2000, height: 2000, rwidth: 1200, rheight: 800 }),
    );
  });
  it('says nothing of a large picture of the right shape, or of one without a known size', () => {
    expect(imageSizeWarning({ width: 2400, height: 1600 }, recommended)).toBeNull();
    expect(imageSizeWarning({ width: null, height: null }, recommended)).toBeNull();
  });
});
