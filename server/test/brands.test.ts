import { LABELS } from '../../src/shared/messages';
import { describeTaxonomy } from './taxonomySuite';

describeTaxonomy({
  path: '/api/brands',
  group: 'brands',
  item: 'Brand',
  file: 'logo',
  fileLabel: LABELS.logo,
});
