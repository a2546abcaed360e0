import { useCallback, useEffect, useState } from 'react';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import SearchIcon from '@mui/icons-material/Search';
import { LIST_SCREEN_MESSAGES } from '../../shared/messages/listScreens';

const SEARCH_DEBOUNCE_MS = 300;

/** The search box's width; its stand-in's alike. */
export const SEARCH_BOX_WIDTH = 256;

export interface SearchBoxProps {
  /** The committed search (cleared from outside by Reset filters). */
  value: string;
  /** Called 300 ms after the user stops typing, or at once on Enter. */
  onChange: (search: string) => void;
}

/** The list's free-text search, debounced so typing sends one request; Enter searches at once. */
export function SearchBox({ value, onChange }: SearchBoxProps) {
  const [text, setText] = useState(value);
  const [committed, setCommitted] = useState(value);
  // A reset from outside replaces what is typed.
  if (value !== committed) {
    setCommitted(value);
    setText(value);
  }

  const commit = useCallback(
    (typed: string) => {
      setCommitted(typed.trim());
      onChange(typed.trim());
    },
    [onChange],
  );

  useEffect(() => {
    if (text.trim() === committed.trim()) return undefined;
    const timer = setTimeout(() => commit(text), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text, committed, commit]);

  return (
    <TextField
      type="search"
      label={LIST_SCREEN_MESSAGES.search}
      value={text}
      onChange={(event) => setText(event.target.value)}
      // Enter does not wait for the pause in typing (the pending one is then cancelled: same text).
      onKeyDown={(event) => {
        if (event.key === 'Enter' && text.trim() !== committed.trim()) commit(text);
      }}
      fullWidth={false}
      sx={{ width: SEARCH_BOX_WIDTH }}
      slotProps={{
        input: {
          startAdornment: (
            <InputAdornment position="start">
              <SearchIcon fontSize="small" />
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
