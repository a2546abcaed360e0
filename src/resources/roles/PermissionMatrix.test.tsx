import { useState } from 'react';
import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { Permission } from '../../shared/resources/roles';
import { PermissionMatrix } from './PermissionMatrix';

const catalogue: Permission[] = [
  { id: 1, name: 'product-highlights.index', method: 'GET' },
  { id: 2, name: 'product-highlights.store', method: 'POST' },
  { id: 3, name: 'product-highlights.update', method: 'PUT' },
  { id: 4, name: 'product-highlights.destroy', method: 'DELETE' },
  { id: 5, name: 'settings.show', method: 'GET' },
  { id: 6, name: 'settings.update', method: 'PUT' },
];

/** The matrix with its value held in state, reporting every change. */
function Harness({ initial, onChange }: { initial: number[]; onChange: (ids: number[]) => void }) {
  const [value, setValue] = useState(initial);
  return (
    <PermissionMatrix
      catalogue={catalogue}
      value={value}
      onChange={(ids) => {
        setValue(ids);
        onChange(ids);
      }}
    />
  );
}

function renderMatrix(initial: number[] = []) {
  const onChange = jest.fn<void, [number[]]>();
  render(<Harness initial={initial} onChange={onChange} />);
  return { onChange, actor: userEvent.setup({ delay: null }) };
}

const box = (name: string) => screen.getByRole('checkbox', { name });

describe('PermissionMatrix', () => {
  it('draws one row per group, dashes shown as spaces, and one column per method', () => {
    renderMatrix();
    const rowHeaders = screen.getAllByRole('rowheader').map((cell) => cell.textContent);
    expect(rowHeaders).toEqual(['product highlights', 'settings']);
    const header = screen.getAllByRole('columnheader').map((cell) => cell.textContent);
    expect(header).toEqual(['Permission', 'GETView', 'POSTCreate', 'PUTUpdate', 'DELETEDelete']);
  });

  it('leaves the cell empty where a group lacks the method', () => {
    renderMatrix();
    const settings = screen.getByRole('row', { name: /settings/ });
    expect(within(settings).getAllByRole('checkbox')).toHaveLength(3);
    expect(screen.queryByRole('checkbox', { name: 'settings POST' })).not.toBeInTheDocument();
    expect(box('settings GET')).toHaveAttribute('value', '5');
  });

  it('toggles the permission id of one cell', async () => {
    const { onChange, actor } = renderMatrix([1]);
    expect(box('product highlights GET')).toBeChecked();
    await actor.click(box('settings PUT'));
    expect(onChange).toHaveBeenLastCalledWith([1, 6]);
    expect(box('settings PUT')).toBeChecked();
    await actor.click(box('product highlights GET'));
    expect(onChange).toHaveBeenLastCalledWith([6]);
  });

  it('grants and revokes a whole row', async () => {
    const { onChange, actor } = renderMatrix([5]);
    await actor.click(box('All product highlights'));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 3, 4, 5]);
    expect(box('All product highlights')).toBeChecked();
    await actor.click(box('All product highlights'));
    expect(onChange).toHaveBeenLastCalledWith([5]);
  });

  it('grants and revokes a whole column', async () => {
    const { onChange, actor } = renderMatrix([2]);
    await actor.click(box('All GET'));
    expect(onChange).toHaveBeenLastCalledWith([1, 2, 5]);
    expect(box('All GET')).toBeChecked();
    await actor.click(box('All GET'));
    expect(onChange).toHaveBeenLastCalledWith([2]);
  });

  it('shows a partly granted row or column as indeterminate', async () => {
    const { actor } = renderMatrix([1]);
    expect(box('All product highlights')).toHaveAttribute('data-indeterminate', 'true');
    expect(box('All GET')).toHaveAttribute('data-indeterminate', 'true');
    expect(box('All settings')).toHaveAttribute('data-indeterminate', 'false');
    expect(box('All settings')).not.toBeChecked();
    await actor.click(box('All product highlights'));
    expect(box('All product highlights')).toHaveAttribute('data-indeterminate', 'false');
    expect(box('All product highlights')).toBeChecked();
  });

  it('says "partly" through the native checkbox state, without aria-checked on a native checkbox', async () => {
    const { actor } = renderMatrix([1]);
    for (const name of ['All product highlights', 'All GET']) {
      expect(box(name)).toBePartiallyChecked();
      expect((box(name) as HTMLInputElement).indeterminate).toBe(true);
      expect(box(name)).not.toHaveAttribute('aria-checked');
    }
    expect((box('All settings') as HTMLInputElement).indeterminate).toBe(false);
    await actor.click(box('All product highlights'));
    expect((box('All product highlights') as HTMLInputElement).indeterminate).toBe(false);
    expect(box('All product highlights')).not.toBePartiallyChecked();
  });

  it('disables every checkbox when disabled', () => {
    render(
      <PermissionMatrix catalogue={catalogue} value={[1, 2, 3, 4, 5, 6]} onChange={jest.fn()} disabled />,
    );
    for (const checkbox of screen.getAllByRole('checkbox')) {
      expect(checkbox).toBeDisabled();
      expect(checkbox).toBeChecked();
    }
  });
});
