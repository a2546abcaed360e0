import { useGetPageQuery, useUpdatePageMutation } from '../../../store/pagesApi';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { STATUS, type Status } from '../../shared/contracts/account';
import { pagesResource, type Page, type PageCreateInput } from '../../shared/resources/pages';
import { PageFields } from './PageFields';

/** The form's values: text as strings ('' for none). */
type PageValues = { title: string; slug: string; status: Status };

const toValues = (item?: Page): PageValues => ({
  title: item?.title ?? '',
  slug: item?.slug ?? '',
  status: item?.status ?? STATUS.active,
});

/** The request body: an empty slug is made from the title by the server. */
const toBody = (values: PageValues): PageCreateInput => ({
  title: values.title.trim(),
  slug: values.slug.trim(),
  status: values.status,
});

export type PageFormScreenProps = Record<string, never>;

/** /page/{id}. */
export function PageFormScreen(_props: PageFormScreenProps) {
  return (
    <ResourceFormPage
      contract={pagesResource}
      useGet={useGetPageQuery}
      useUpdate={useUpdatePageMutation}
      initialValues={toValues}
      toBody={toBody}
    >
      {(_formik, { readOnly }) => <PageFields disabled={readOnly} />}
    </ResourceFormPage>
  );
}
