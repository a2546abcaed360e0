import { lazy, Suspense, useEffect, useState } from 'react';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import SearchIcon from '@mui/icons-material/Search';
import { SEARCH_MESSAGES } from '../../shared/messages/search';

// Fetched the first time search is opened (the button or Ctrl/Cmd-K), not with the shell.
const SearchEverythingDialog = lazy(() => import('./SearchEverythingDialog'));

/** Ctrl-K (Cmd-K on a Mac) opens Search everything from every screen. */
export const isSearchShortcut = (event: KeyboardEvent): boolean =>
  (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey && event.key.toLowerCase() === 'k';

export type SearchEverythingProps = Record<string, never>;

/** The header's Search button and the Ctrl/Cmd-K shortcut, both opening Search everything. */
export function SearchEverything(_props: SearchEverythingProps) {
  // Each opening starts from an empty box (a new dialog); 0 until the first.
  const [searches, setSearches] = useState(0);
  const [open, setOpen] = useState(false);
  const openSearch = () => {
    setSearches((count) => count + 1);
    setOpen(true);
  };
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (!isSearchShortcut(event)) return;
      event.preventDefault();
      setOpen((isOpen) => {
        if (!isOpen) setSearches((count) => count + 1);
        return true;
      });
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);
  return (
    <>
      <Button
        color="inherit"
        onClick={openSearch}
        aria-keyshortcuts="Control+K Meta+K"
        startIcon={<SearchIcon />}
        sx={{ textTransform: 'none', minWidth: 0 }}
      >
        {SEARCH_MESSAGES.open}
        <Box
          component="kbd"
          aria-hidden
          sx={{
            display: { xs: 'none', sm: 'inline' },
            ml: 1,
            px: 0.75,
            border: 1,
            borderRadius: 1,
            fontFamily: 'inherit',
            fontSize: '0.75rem',
            opacity: 0.85,
          }}
        >
          {SEARCH_MESSAGES.shortcut}
        </Box>
      </Button>
      {searches > 0 && (
        <Suspense fallback={null}>
          <SearchEverythingDialog key={searches} open={open} onClose={() => setOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
