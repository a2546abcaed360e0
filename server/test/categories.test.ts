import { LABELS } from '../../src/shared/messages';
import { describeTaxonomy } from './taxonomySuite';

describeTaxonomy({
  path: '/api/categories',
  group: 'categories',
  item: 'Category',
  file: 'image',
  fileLabel: LABELS.image,
});
