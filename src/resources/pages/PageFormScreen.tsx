import { useMemo } from 'react';
import { useGetPageQuery, useUpdatePageMutation } from '../../../store/pagesApi';
import { PreviewOnSite } from '../website/PreviewOnSite';
import { ResourceFormPage } from '../../components/resource/ResourceFormPage';
import { useRecordId } from '../../components/resource/useRecordId';
import { pagesResource, pageUpdateSchemaFor } from '../../shared/resources/pages';
import { toPageBody, toPageValues } from './pageForm';
import { PageFields } from './PageFields';

export type PageFormScreenProps = Record<string, never>;

/** /page/{id}: a page's common fields, its sections and the live preview; no add, no delete. */
export function PageFormScreen(_props: PageFormScreenProps) {
  const id = useRecordId();
  // The same cached query the form page loads: the page's key picks the sections' schema.
  const { data: page } = useGetPageQuery(id ?? 0, { skip: id === undefined });
  const schema = useMemo(() => (page ? pageUpdateSchemaFor(page.key) : pagesResource.input.update), [page]);
  return (
    <ResourceFormPage
      contract={pagesResource}
      beside={(item) => <PreviewOnSite resource="pages" id={item.id} />}
      useGet={useGetPageQuery}
      useUpdate={useUpdatePageMutation}
      schema={schema}
      initialValues={toPageValues}
      toBody={toPageBody}
      card={false}
    >
      {(formik, { item, readOnly }) =>
        item && <PageFields page={item} values={formik.values} disabled={readOnly} />
      }
    </ResourceFormPage>
  );
}
