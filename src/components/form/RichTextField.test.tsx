import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import type { IAllProps } from '@tinymce/tinymce-react';
import { object, string } from 'yup';
import { renderWithProviders } from '../../../test/renderWithProviders';
import { RUNTIME_ENV_GLOBAL } from '../../shared/env';
import { RichTextField, type RichTextFieldProps } from './RichTextField';

// jsdom cannot run TinyMCE (an iframe editor loaded from /tinymce); a textarea stands in for it,
// receiving the same props, so what is asserted is RichTextField's binding.
const editorProps: IAllProps[] = [];
jest.mock('@tinymce/tinymce-react', () => ({
  Editor: (props: IAllProps) => {
    editorProps.push(props);
    return (
      <textarea
        id={props.id}
        data-license-key={props.licenseKey}
        data-script-src={String(props.tinymceScriptSrc)}
        disabled={props.disabled}
        value={props.value}
        onChange={(event) => props.onEditorChange?.(event.target.value, undefined as never)}
        onBlur={(event) => props.onBlur?.(event as never, undefined as never)}
      />
    );
  },
}));

const lastEditor = () => editorProps[editorProps.length - 1];

function renderField(props: Partial<RichTextFieldProps> = {}, initial: string | null = '<p>Hello</p>') {
  const onSubmit = jest.fn();
  renderWithProviders(
    <Formik
      initialValues={{ description: initial }}
      validationSchema={object({ description: string().nullable().required('Description is required') })}
      onSubmit={onSubmit}
    >
      <Form>
        <RichTextField name="description" label="Description" {...props} />
        <button type="submit">Send</button>
      </Form>
    </Formik>,
  );
  return { onSubmit };
}

afterEach(() => {
  editorProps.length = 0;
  delete window[RUNTIME_ENV_GLOBAL];
});

describe('RichTextField', () => {
  it('shows the label for the editor and the field value as its HTML', async () => {
    renderField();
    const editor = await screen.findByLabelText('Description');
    expect(editor).toHaveValue('<p>Hello</p>');
    expect(editor).toHaveAttribute('data-script-src', '/tinymce/tinymce.min.js');
  });

  it('configures a self-hosted editor without menubar, promotion or branding', async () => {
    renderField();
    await screen.findByLabelText('Description');
    expect(lastEditor().init).toMatchObject({
      base_url: '/tinymce',
      menubar: false,
      promotion: false,
      branding: false,
    });
    expect(lastEditor().apiKey).toBeUndefined();
  });

  it('writes the edited HTML into the form', async () => {
    const user = userEvent.setup({ delay: null });
    const { onSubmit } = renderField();
    const editor = await screen.findByLabelText('Description');
    await user.clear(editor);
    await user.type(editor, '<p>New</p>');
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(onSubmit).toHaveBeenCalledWith({ description: '<p>New</p>' }, expect.anything()),
    );
  });

  it('shows the error once the editor has been left, and the helper text before', async () => {
    const user = userEvent.setup({ delay: null });
    renderField({ helperText: 'Shown on the product page' }, '');
    const editor = await screen.findByLabelText('Description');
    expect(screen.getByText('Shown on the product page')).toBeInTheDocument();
    expect(screen.queryByText('Description is required')).not.toBeInTheDocument();
    await user.click(editor);
    await user.tab();
    expect(await screen.findByText('Description is required')).toBeInTheDocument();
    expect(screen.queryByText('Shown on the product page')).not.toBeInTheDocument();
  });

  it('passes disabled to the editor', async () => {
    renderField({ disabled: true });
    expect(await screen.findByLabelText('Description')).toBeDisabled();
  });

  it("uses the 'gpl' licence when the runtime object has no editor key", async () => {
    window[RUNTIME_ENV_GLOBAL] = { RICH_TEXT_EDITOR_KEY: '' };
    renderField();
    expect(await screen.findByLabelText('Description')).toHaveAttribute('data-license-key', 'gpl');
  });

  it('uses the editor key from the runtime object when there is one', async () => {
    window[RUNTIME_ENV_GLOBAL] = { RICH_TEXT_EDITOR_KEY: 'T8LK:commercial-key' };
    renderField();
    expect(await screen.findByLabelText('Description')).toHaveAttribute(
      'data-license-key',
      'T8LK:commercial-key',
    );
  });
});
