import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import * as yup from 'yup';
import { fakeNetwork } from '../../../../test/fakeNetwork';
import { renderWithProviders } from '../../../../test/renderWithProviders';
import { LABELS, validation } from '../../../shared/messages';
import { imageAltGroup, imageGroup } from '../../../shared/resources/fields';
import type { FileObject } from '../../../shared/resources/wire';
import { validateWith } from '../../form/validateWith';
import { ImageFields } from './ImageFields';

const picture: FileObject = {
  id: 7,
  url: '/uploads/7.png',
  name: 'pump.png',
  mime: 'image/png',
  size: 1024,
  width: 1200,
  height: 800,
  alt: 'A red pump',
};

const schema = yup.object({ ...imageGroup.fields(), ...imageAltGroup.fields() });

function renderImages(values: Record<string, unknown>) {
  const onSubmit = jest.fn();
  const view = renderWithProviders(
    <Formik initialValues={values} validate={validateWith(schema)} onSubmit={onSubmit}>
      <Form noValidate>
        <ImageFields item={{ image: picture, mobile_image: null }} />
        <button type="submit">Send</button>
      </Form>
    </Formik>,
  );
  return { ...view, onSubmit };
}

const altInputOf = (container: HTMLElement, name: string) =>
  within(container.querySelector(`[data-field="${name}"]`) as HTMLElement).getByRole('textbox', {
    name: new RegExp(LABELS.altText),
  });

describe('ImageFields: alt text', () => {
  it('asks for the alt text right under each picture, filled with the stored one', () => {
    fakeNetwork({});
    const { container } = renderImages({
      image: 7,
      image_alt: 'A red pump',
      mobile_image: null,
      mobile_image_alt: '',
    });
    expect(altInputOf(container, 'image_alt')).toHaveValue('A red pump');
    expect(altInputOf(container, 'image_alt')).toBeRequired();
    // No picture yet: the input is there, not required.
    expect(altInputOf(container, 'mobile_image_alt')).not.toBeRequired();
    expect(screen.getByRole('img', { name: 'A red pump' })).toBeInTheDocument();
  });

  it('refuses to save a picture without alt text, naming the problem under it, and saves once it is given', async () => {
    fakeNetwork({});
    const { container, onSubmit } = renderImages({
      image: 7,
      image_alt: '',
      mobile_image: null,
      mobile_image_alt: '',
    });
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    const field = container.querySelector('[data-field="image_alt"]') as HTMLElement;
    expect(await within(field).findByText(validation.required(LABELS.altText))).toBeInTheDocument();
    // The mobile image is empty: its alt text is not asked for.
    expect(
      within(container.querySelector('[data-field="mobile_image_alt"]') as HTMLElement).queryByText(
        validation.required(LABELS.altText),
      ),
    ).not.toBeInTheDocument();
    expect(onSubmit).not.toHaveBeenCalled();

    await userEvent.type(altInputOf(container, 'image_alt'), 'A red pump in a field');
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalled());
    expect(onSubmit.mock.calls[0][0]).toMatchObject({ image: 7, image_alt: 'A red pump in a field' });
  });
});
