import { act, fireEvent, render, screen } from '@testing-library/react';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';
import { SearchBox } from './SearchBox';

describe('SearchBox', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const type = (text: string) =>
    fireEvent.change(screen.getByLabelText(LIST_SCREEN_MESSAGES.search), { target: { value: text } });

  it('searches once the typing pauses for 300 ms, trimmed', () => {
    const onChange = jest.fn();
    render(<SearchBox value="" onChange={onChange} />);
    type(' valve ');
    act(() => jest.advanceTimersByTime(290));
    expect(onChange).not.toHaveBeenCalled();
    act(() => jest.advanceTimersByTime(20));
    expect(onChange).toHaveBeenCalledTimes(1);
    expect(onChange).toHaveBeenCalledWith('valve');
  });

  it('searches at once on Enter, and only once', () => {
    const onChange = jest.fn();
    render(<SearchBox value="" onChange={onChange} />);
    type('valve');
    fireEvent.keyDown(screen.getByLabelText(LIST_SCREEN_MESSAGES.search), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledWith('valve');
    act(() => jest.advanceTimersByTime(1000));
    fireEvent.keyDown(screen.getByLabelText(LIST_SCREEN_MESSAGES.search), { key: 'Enter' });
    expect(onChange).toHaveBeenCalledTimes(1);
  });

  it('takes a search cleared from outside (Reset filters) in place of what was typed', () => {
    const onChange = jest.fn();
    const { rerender } = render(<SearchBox value="valve" onChange={onChange} />);
    expect(screen.getByLabelText(LIST_SCREEN_MESSAGES.search)).toHaveValue('valve');
    rerender(<SearchBox value="" onChange={onChange} />);
    expect(screen.getByLabelText(LIST_SCREEN_MESSAGES.search)).toHaveValue('');
    act(() => jest.advanceTimersByTime(1000));
    expect(onChange).not.toHaveBeenCalled();
  });
});
