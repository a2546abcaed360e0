import type { RouteObject } from 'react-router-dom';
import { PERMISSIONS } from '../shared/permissions';
import { itemPath, ROUTES } from '../shared/routes';
import { guarded } from './guarded';

const company = () =>
  import(/* webpackChunkName: "company" */ '../resources/company/CompanyScreen').then((m) => m.CompanyScreen);

const inboxSettings = () =>
  import(/* webpackChunkName: "inbox-settings" */ '../resources/inboxSettings/InboxSettingsScreen').then(
    (m) => m.InboxSettingsScreen,
  );

const website = () =>
  import(/* webpackChunkName: "website" */ '../resources/website/WebsiteScreen').then((m) => m.WebsiteScreen);
const privacy = () =>
  import(/* webpackChunkName: "privacy" */ '../resources/privacy/PrivacyScreen').then((m) => m.PrivacyScreen);

const mediaList = () =>
  import(/* webpackChunkName: "media" */ '../resources/media/MediaListScreen').then((m) => m.MediaListScreen);
const mediaFile = () =>
  import(/* webpackChunkName: "media-file" */ '../resources/media/MediaFileScreen').then(
    (m) => m.MediaFileScreen,
  );

/** The Setting section's one-record screens (spec §2): company settings, the inbox's settings. Users and roles are in resourceRoutes.tsx. */
export const settingRoutes: RouteObject[] = [
  { path: ROUTES.company, ...guarded(PERMISSIONS.settingsShow, company) },
  { path: ROUTES.inboxSettings, ...guarded(PERMISSIONS.settingsShow, inboxSettings) },
  { path: ROUTES.website, ...guarded(PERMISSIONS.websiteIndex, website) },
  { path: ROUTES.privacy, ...guarded(PERMISSIONS.privacyIndex, privacy) },
  // The media library: every uploaded file, and one file (where it is used, replace, delete).
  { path: ROUTES.media, ...guarded(PERMISSIONS.mediaIndex, mediaList) },
  { path: itemPath(ROUTES.media, ':id'), ...guarded(PERMISSIONS.mediaIndex, mediaFile) },
];
