import { useEffect, useRef } from 'react';
import Link from '@mui/material/Link';
import { useLocation } from 'react-router-dom';
import { useAppSelector } from '../../../store/hooks';
import { runtimeEnv } from '../../../store/runtimeEnv';
import { en } from '../../shared/messages';

/** The id of each layout's `<main>`, the skip link's target. */
export const MAIN_ID = 'main';

const mainHeading = (): HTMLElement | null => document.querySelector<HTMLElement>(`#${MAIN_ID} h1`);

/** Moves focus to the screen's main heading (made focusable for it, but not a tab stop). */
export function focusMainHeading(): boolean {
  const heading = mainHeading();
  if (!heading) return false;
  heading.tabIndex = -1;
  heading.focus({ preventScroll: false });
  return true;
}

const appTitle = (label: string | undefined | null): string => {
  const app = runtimeEnv().APP_NAME || en.appName;
  return label ? `${label} · ${app}` : app;
};

/**
 * Names the screen in the document title ("Brand · Company Admin": the last breadcrumb, or the main
 * heading where a layout has no breadcrumbs) and, after each navigation, moves focus to the new
 * screen's main heading, so a screen reader starts there and a keyboard user continues from it.
 * Focus that the new screen gave itself (an autofocused field) is left where it is.
 */
export interface ScreenFocusProps {
  /** Where the screen's name comes from: the breadcrumbs (signed-in shell) or the main heading (guests). */
  titleFrom: 'breadcrumbs' | 'heading';
}

export function ScreenFocus({ titleFrom }: ScreenFocusProps) {
  const { pathname } = useLocation();
  const crumbs = useAppSelector((state) => state.breadcrumbs);
  const crumb = titleFrom === 'breadcrumbs' && crumbs.length ? crumbs[crumbs.length - 1].label : null;
  const firstRender = useRef(true);

  useEffect(() => {
    if (crumb) document.title = appTitle(crumb);
  }, [crumb, pathname]);

  useEffect(() => {
    const navigated = !firstRender.current;
    firstRender.current = false;
    const main = document.getElementById(MAIN_ID);
    if (!main) return undefined;
    const settle = (): boolean => {
      const heading = mainHeading();
      if (!heading) return false;
      if (!crumb) document.title = appTitle(heading.textContent);
      const active = document.activeElement;
      const focusedOnScreen =
        active && active !== document.body && active !== heading && main.contains(active);
      if (navigated && !focusedOnScreen) focusMainHeading();
      return true;
    };
    if (settle()) return undefined;
    // A lazy screen or a loading record shows its heading a moment later.
    const observer = new MutationObserver(() => {
      if (settle()) observer.disconnect();
    });
    observer.observe(main, { childList: true, subtree: true });
    return () => observer.disconnect();
    // The breadcrumb is read when the heading appears; only a new pathname is a navigation.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [pathname]);

  return null;
}

/** "Skip to main content": the first tab stop of a layout, shown when focused. */
export function SkipLink() {
  return (
    <Link
      href={`#${MAIN_ID}`}
      onClick={(event) => {
        event.preventDefault();
        if (!focusMainHeading()) document.getElementById(MAIN_ID)?.focus();
      }}
      sx={(theme) => ({
        position: 'fixed',
        left: 8,
        top: 8,
        zIndex: theme.zIndex.tooltip + 1,
        px: 2,
        py: 1,
        borderRadius: 1,
        bgcolor: 'background.paper',
        color: 'primary.main',
        fontWeight: 600,
        boxShadow: 3,
        // Out of sight (and out of screenshots) until focused; still the first thing Tab reaches.
        clipPath: 'inset(50%)',
        '&:focus, &:focus-visible': { clipPath: 'none' },
      })}
    >
      {en.skipToContent}
    </Link>
  );
}
