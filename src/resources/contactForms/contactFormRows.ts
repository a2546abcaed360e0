import { contactFormsApi } from '../../../store/contactFormsApi';
import { listRows } from '../../components/resource/listRows';
import { contactFormsResource } from '../../shared/resources/contactForms';

/** The list route's early request for its rows (src/app/resourceRoutes.tsx loads this beside the screen). */
export const contactFormRows = listRows(contactFormsResource, contactFormsApi.endpoints.listContactForms);
