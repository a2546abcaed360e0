import { brandsResource } from '../../../shared/resources/brands';
import { productsResource } from '../../../shared/resources/products';
import { fieldDifference, fieldLabel, textOfHtml, valueText } from './changes';

describe('history changes', () => {
  it('names fields as the forms do', () => {
    expect(fieldLabel(brandsResource, 'name')).toBe('Name');
    expect(fieldLabel(productsResource, 'meta_title')).toBe('Meta Title');
    expect(fieldLabel(productsResource, 'brand_id')).toBe('Brand');
    expect(fieldLabel(productsResource, 'some_new_field')).toBe('Some new field');
  });

  it('writes values as text: files and records by name, status, yes/no, rich text as its words', () => {
    expect(valueText('logo', { id: 3, name: 'logo.png' })).toBe('logo.png');
    expect(valueText('status', 1)).toBe('Active');
    expect(valueText('status', 0)).toBe('Not Active');
    expect(valueText('is_super', true)).toBe('Yes');
    expect(valueText('name', null)).toBe('');
    expect(
      valueText('products', [
        { id: 1, name: 'A' },
        { id: 2, name: 'B' },
      ]),
    ).toBe('A, B');
    expect(textOfHtml('<p>One <b>two</b></p><p>three<script>alert(1)</script></p>')).toBe('One two\nthree');
  });

  it('shows short values as before and after, long or rich texts word by word', () => {
    expect(fieldDifference(brandsResource, 'name', { old: 'Acme', new: 'Acme Ltd' })).toEqual({
      kind: 'values',
      field: 'name',
      label: 'Name',
      before: 'Acme',
      after: 'Acme Ltd',
    });
    const rich = fieldDifference(productsResource, 'overview', {
      old: '<p>A red pump</p>',
      new: '<p>A blue pump</p>',
    });
    expect(rich.kind).toBe('words');
    if (rich.kind !== 'words') return;
    expect(rich.parts.filter((part) => part.removed).map((part) => part.text.trim())).toEqual(['red']);
    expect(rich.parts.filter((part) => part.added).map((part) => part.text.trim())).toEqual(['blue']);
  });
});
