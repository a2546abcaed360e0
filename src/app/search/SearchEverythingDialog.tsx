import { useEffect, useId, useMemo, useState, type KeyboardEvent } from 'react';
import Box from '@mui/material/Box';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import SearchIcon from '@mui/icons-material/Search';
import { useNavigate } from 'react-router-dom';
import { useSearchEverythingQuery } from '../../../store/searchApi';
import { useAuth } from '../../auth/AuthContext';
import { usePhone } from '../../hooks/usePhone';
import { SEARCH_LIMITS, type SearchGroup } from '../../shared/contracts/search';
import { filterMenu, MENU, menuScreens } from '../../shared/menu';
import { format } from '../../shared/messages';
import { SEARCH_MESSAGES } from '../../shared/messages/search';
import { itemPath } from '../../shared/routes';
import { recentRecords, rememberRecord, type RecentRecord } from './recentRecords';

/** How long typing pauses before the text is searched. */
const SEARCH_DEBOUNCE_MS = 250;

/** One line the dialog offers: a record, a screen, or a list searched for the text. */
interface Entry {
  id: string;
  path: string;
  title: string;
  /** What it is, after the title (`Brand`, `Setting › Company`). */
  detail: string;
  /** Kept among the recent records when opened (records only). */
  remember?: RecentRecord;
}

interface EntryGroup {
  id: string;
  heading: string;
  entries: Entry[];
}

function recordGroups(groups: SearchGroup[], text: string, placeOf: (route: string) => string): EntryGroup[] {
  return groups.map((group) => {
    const entries: Entry[] = group.results.map((hit) => {
      const path = itemPath(group.route, hit.id);
      return {
        id: `${group.key}-${hit.id}`,
        path,
        title: hit.title,
        detail: group.item,
        remember: { path, title: hit.title, item: group.item },
      };
    });
    if (group.more)
      entries.push({
        id: `${group.key}-more`,
        path: `${group.route}?search=${encodeURIComponent(text)}`,
        title: format(SEARCH_MESSAGES.more, { item: group.item }),
        detail: placeOf(group.route),
      });
    return { id: group.key, heading: placeOf(group.route), entries };
  });
}

/** The screens of the menu this user may open, each with its place (`Setting › Company`). */
function useScreens() {
  const { user } = useAuth();
  const screens = useMemo(
    () =>
      menuScreens(filterMenu(MENU, user?.permissions)).map((screen) => ({
        path: screen.path,
        label: screen.group ? `${screen.group} › ${screen.label}` : screen.label,
      })),
    [user?.permissions],
  );
  const placeOf = useMemo(() => {
    const places = new Map(screens.map((screen) => [screen.path, screen.label]));
    return (route: string) => places.get(route) ?? route;
  }, [screens]);
  return { screens, placeOf };
}

/** The recently opened records, offered while the box is empty. */
function recentGroup(userId: number | undefined): EntryGroup {
  const recent = userId === undefined ? [] : recentRecords(userId);
  return {
    id: 'recent',
    heading: SEARCH_MESSAGES.recent,
    entries: recent.map((record) => ({
      id: `recent-${record.path}`,
      path: record.path,
      title: record.title,
      detail: record.item,
      remember: record,
    })),
  };
}

/**
 * What the box offers for its text: the records the server found (once the debounced text is the
 * typed one), the menu's screens matching it, or the recent records while it is empty; and the
 * status line saying where the search stands.
 */
function useSearchEntries(text: string, open: boolean) {
  const { user } = useAuth();
  const [searched, setSearched] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearched(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const typed = text.trim();
  const searchable = searched.length >= SEARCH_LIMITS.minLength && searched.length <= SEARCH_LIMITS.maxLength;
  const { data, isFetching, isError } = useSearchEverythingQuery(searched, { skip: !open || !searchable });
  const { screens, placeOf } = useScreens();

  const groups = useMemo<EntryGroup[]>(() => {
    const needle = typed.toLowerCase();
    const screenEntries: Entry[] = screens
      .filter((screen) => !needle || screen.label.toLowerCase().includes(needle))
      .map((screen) => ({ id: `screen-${screen.path}`, path: screen.path, title: screen.label, detail: '' }));
    const screensGroup = { id: 'screens', heading: SEARCH_MESSAGES.screens, entries: screenEntries };
    if (!typed) return [recentGroup(user?.id), screensGroup].filter((group) => group.entries.length);
    const records = searchable && searched === typed && data ? recordGroups(data, searched, placeOf) : [];
    return [...records, screensGroup].filter((group) => group.entries.length);
  }, [typed, searched, searchable, data, screens, placeOf, user]);

  const status = (() => {
    if (!typed) return groups.some((group) => group.id === 'recent') ? '' : SEARCH_MESSAGES.noRecent;
    if (typed.length < SEARCH_LIMITS.minLength)
      return format(SEARCH_MESSAGES.tooShort, { min: SEARCH_LIMITS.minLength });
    if (typed.length > SEARCH_LIMITS.maxLength)
      return format(SEARCH_MESSAGES.tooLong, { max: SEARCH_LIMITS.maxLength });
    if (isError) return SEARCH_MESSAGES.failed;
    if (searched !== typed || isFetching) return SEARCH_MESSAGES.searching;
    if (data && !data.length) return format(SEARCH_MESSAGES.nothing, { text: typed });
    return '';
  })();
  return { groups, status };
}

interface SearchListboxProps {
  id: string;
  ids: string;
  groups: EntryGroup[];
  active: Entry | undefined;
  optionId: (entry: Entry) => string;
  onOpen: (entry: Entry) => void;
}

/** The grouped options (a listbox of groups of options; the box keeps the focus). */
function SearchListbox({ id, ids, groups, active, optionId, onOpen }: SearchListboxProps) {
  return (
    <Box
      id={id}
      role="listbox"
      aria-label={SEARCH_MESSAGES.title}
      sx={{ mt: 1, listStyle: 'none', p: 0, m: 0 }}
    >
      {groups.map((group) => (
        <Box key={group.id} role="group" aria-labelledby={`${ids}-group-${group.id}`} sx={{ mb: 1.5 }}>
          <Typography
            id={`${ids}-group-${group.id}`}
            role="presentation"
            variant="overline"
            color="text.secondary"
            component="div"
          >
            {group.heading}
          </Typography>
          {group.entries.map((entry) => {
            const selected = active === entry;
            return (
              <Box
                key={entry.id}
                id={optionId(entry)}
                role="option"
                aria-selected={selected}
                onMouseDown={(event) => event.preventDefault()}
                onClick={() => onOpen(entry)}
                sx={{
                  px: 1.5,
                  py: 1,
                  borderRadius: 1,
                  cursor: 'pointer',
                  display: 'flex',
                  gap: 1,
                  alignItems: 'baseline',
                  bgcolor: selected ? 'action.selected' : undefined,
                  '&:hover': { bgcolor: selected ? 'action.selected' : 'action.hover' },
                }}
              >
                <Typography component="span" sx={{ overflowWrap: 'anywhere' }}>
                  {entry.title}
                </Typography>
                {entry.detail && (
                  <Typography component="span" variant="body2" color="text.secondary">
                    {entry.detail}
                  </Typography>
                )}
              </Box>
            );
          })}
        </Box>
      ))}
    </Box>
  );
}

/** The option the arrow keys are on (kept in sight), and Enter opening it. */
function useActiveOption(ids: string, entries: Entry[], openEntry: (entry: Entry) => void) {
  const [active, setActive] = useState(0);
  const current = entries.length ? Math.min(active, entries.length - 1) : -1;
  const optionId = (entry: Entry) => `${ids}-option-${entry.id}`;
  const activeId = current >= 0 ? optionId(entries[current]) : undefined;
  // The option moved to with the arrow keys stays in sight in a long list.
  useEffect(() => {
    if (activeId) document.getElementById(activeId)?.scrollIntoView?.({ block: 'nearest' });
  }, [activeId]);

  const onKeyDown = (event: KeyboardEvent) => {
    if (!entries.length) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current + step + entries.length) % entries.length);
    } else if (event.key === 'Enter' && current >= 0) {
      event.preventDefault();
      openEntry(entries[current]);
    }
  };
  return { current, setActive, activeId, optionId, onKeyDown };
}

export interface SearchEverythingDialogProps {
  open: boolean;
  onClose: () => void;
}

/**
 * Search everything (Ctrl/Cmd-K): one box over every resource the user may read (the server checks
 * which) and the menu's screens; grouped, keyboard only (↑ ↓, Enter, Esc), the records opened from
 * here listed again while the box is empty. A combobox over a listbox of grouped options.
 */
export default function SearchEverythingDialog({ open, onClose }: SearchEverythingDialogProps) {
  const { user } = useAuth();
  const navigate = useNavigate();
  const phone = usePhone();
  const ids = useId();
  const [text, setText] = useState('');
  const { groups, status } = useSearchEntries(text, open);
  const entries = groups.flatMap((group) => group.entries);
  const openEntry = (entry: Entry) => {
    if (user && entry.remember) rememberRecord(user.id, entry.remember);
    onClose();
    navigate(entry.path);
  };
  const { current, setActive, activeId, optionId, onKeyDown } = useActiveOption(ids, entries, openEntry);

  const listboxId = `${ids}-listbox`;
  const titleId = `${ids}-title`;
  return (
    <Dialog
      open={open}
      onClose={onClose}
      fullScreen={phone}
      fullWidth
      maxWidth="sm"
      aria-labelledby={titleId}
      slotProps={{ paper: { sx: { alignSelf: phone ? 'stretch' : 'flex-start' } } }}
    >
      <DialogTitle id={titleId}>{SEARCH_MESSAGES.title}</DialogTitle>
      <DialogContent>
        <TextField
          autoFocus
          fullWidth
          type="search"
          label={SEARCH_MESSAGES.label}
          value={text}
          onChange={(event) => {
            setText(event.target.value);
            setActive(0);
          }}
          onKeyDown={onKeyDown}
          slotProps={{
            input: {
              startAdornment: (
                <InputAdornment position="start">
                  <SearchIcon fontSize="small" />
                </InputAdornment>
              ),
            },
            htmlInput: {
              role: 'combobox',
              'aria-expanded': entries.length > 0,
              'aria-controls': listboxId,
              'aria-autocomplete': 'list',
              'aria-activedescendant': activeId,
              'aria-describedby': `${ids}-status ${ids}-hint`,
              maxLength: SEARCH_LIMITS.maxLength + 1,
            },
          }}
          sx={{ mt: 1 }}
        />
        <Typography id={`${ids}-status`} role="status" variant="body2" color="text.secondary" sx={{ mt: 1 }}>
          {status}
        </Typography>
        <SearchListbox
          id={listboxId}
          ids={ids}
          groups={groups}
          active={current >= 0 ? entries[current] : undefined}
          optionId={optionId}
          onOpen={openEntry}
        />
        <Typography id={`${ids}-hint`} variant="caption" color="text.secondary">
          {SEARCH_MESSAGES.hint}
        </Typography>
      </DialogContent>
    </Dialog>
  );
}
