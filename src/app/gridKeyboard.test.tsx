import { fireEvent, render, screen } from '@testing-library/react';
import { ThemeProvider } from '@mui/material/styles';
import { DataGrid } from '@mui/x-data-grid';
import { theme } from './theme';

const rows = [
  { id: 1, name: 'Aqua Dynamics' },
  { id: 2, name: 'Blue Pumps' },
];

function renderGrid(onRowClick: jest.Mock) {
  render(
    <ThemeProvider theme={theme}>
      <div style={{ width: 600, height: 400 }}>
        <DataGrid
          rows={rows}
          columns={[{ field: 'name', headerName: 'Name', width: 200 }]}
          onRowClick={onRowClick}
          disableVirtualization
        />
      </div>
    </ThemeProvider>,
  );
}

describe('the theme’s DataGrid defaults', () => {
  it('opens a row with Enter on its focused cell, as a click would', () => {
    const onRowClick = jest.fn();
    renderGrid(onRowClick);
    const cell = screen.getByRole('gridcell', { name: 'Blue Pumps' });
    fireEvent.keyDown(cell, { key: 'Enter' });
    expect(onRowClick).toHaveBeenCalledTimes(1);
    expect(onRowClick.mock.calls[0][0]).toMatchObject({ id: 2 });
  });

  it('leaves other keys to the grid', () => {
    const onRowClick = jest.fn();
    renderGrid(onRowClick);
    fireEvent.keyDown(screen.getByRole('gridcell', { name: 'Blue Pumps' }), { key: 'ArrowUp' });
    expect(onRowClick).not.toHaveBeenCalled();
  });
});
